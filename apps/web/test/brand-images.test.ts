import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brandImages } from "../scripts/brand-images.mjs";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public");
const publicFile = (name: string) => readFileSync(join(publicDir, name));

/** PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe("the icons in public/", () => {
  it("are exactly what scripts/brand-images.mjs draws from the brand mark (rerun generate:images when it changes)", async () => {
    for (const [name, content] of Object.entries(await brandImages())) {
      expect(publicFile(name).equals(Buffer.from(content)), name).toBe(true);
    }
  });

  it("have the sizes the pages and the web manifest declare", () => {
    expect(pngSize(publicFile("apple-touch-icon.png"))).toEqual([180, 180]);
    expect(pngSize(publicFile("icon-192.png"))).toEqual([192, 192]);
    expect(pngSize(publicFile("icon-512.png"))).toEqual([512, 512]);
    const ico = publicFile("favicon.ico");
    // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image, its width first.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((index) => ico[6 + 16 * index])).toEqual([16, 32, 48]);
  });
});
