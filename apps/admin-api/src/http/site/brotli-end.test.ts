import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliOpenStream, closeBrotliStream } from "./brotli-end.js";

const start = Buffer.from(
  `<!doctype html><html><body>${"<p>Kilima Advisory, from Nairobi to the rest of Africa.</p>".repeat(400)}`,
);

describe("a brotli stream compressed once and closed with an end as it is", () => {
  it("decodes to the start and the end, for ends of every header size", async () => {
    const open = await brotliOpenStream(start);
    // MLEN - 1 in 4 nibbles up to 65,536 bytes, then 5, then 6; an empty end adds only the last block.
    for (const length of [0, 1, 57, 65_536, 65_537, 1_048_576, 1_048_577]) {
      const end = Buffer.alloc(length, "a1.\u00e9");
      const stream = closeBrotliStream(open, end);
      expect(brotliDecompressSync(stream).equals(Buffer.concat([start, end])), `${length}`).toBe(
        true,
      );
    }
  });

  it("is as small as the whole compressed at brotli 11, with the end stored as it is", async () => {
    const end = Buffer.from(
      '1732443600000.Xk3mN0pQr8sT1uVwYz2aBcDeFgHiJkLmNoPqRsTuVwXyZ01"/></body></html>',
    );
    const stream = closeBrotliStream(await brotliOpenStream(start), end);
    const whole = brotliCompressSync(Buffer.concat([start, end]), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    expect(stream.subarray(-end.length - 1, -1).equals(end)).toBe(true);
    expect(stream.length).toBeLessThanOrEqual(whole.length + end.length + 8);
  });

  it("refuses an end longer than one stored block holds", async () => {
    expect(() => closeBrotliStream(Buffer.alloc(0), Buffer.alloc((1 << 24) + 1))).toThrow(
      RangeError,
    );
  });
});
