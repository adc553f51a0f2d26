#!/usr/bin/env node
// The firm's mark as the site's icon files: favicon.svg, favicon.ico (16, 32 and 48 px), the touch icon
// and the web manifest's icons, drawn from the same shapes as the header logo
// (app/illustrations/brand-mark-geometry.mjs). resvg renders the PNGs; ico-endec packs three of them,
// as PNGs, into the ICO.
// The files are committed in public/, which the build copies as it is: rerun this when the mark changes
// (`pnpm --filter @site/web run generate:images`); test/brand-images.test.ts fails until then.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import icoEndec from "ico-endec";
import { brandMarkShapes, brandMarkSvg } from "./brand-mark.mjs";

// Touch icons are shown on an opaque square (iOS fills transparency with black), so square corners.
const squareShapes = brandMarkShapes.map((shape, index) =>
  index === 0 ? { ...shape, rx: 0 } : shape,
);

/** The mark as a size×size PNG. */
const png = (size, shapes = brandMarkShapes) =>
  new Resvg(brandMarkSvg(shapes), { fitTo: { mode: "width", value: size } }).render().asPng();

/** Every icon file, by its name in public/. */
export async function brandImages() {
  return {
    "favicon.svg": brandMarkSvg(),
    "favicon.ico": icoEndec.encode([16, 32, 48].map((size) => png(size))),
    "apple-touch-icon.png": png(180, squareShapes),
    "icon-192.png": png(192),
    "icon-512.png": png(512),
  };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const publicDir = new URL("../public/", import.meta.url);
  for (const [name, content] of Object.entries(await brandImages())) {
    writeFileSync(new URL(name, publicDir), content);
    console.log(`wrote public/${name}`);
  }
}
