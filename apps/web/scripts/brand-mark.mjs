// Turns the firm's mark (app/illustrations/brand-mark-geometry.mjs, the same shapes the header logo
// draws) into favicon.svg and into pixels for favicon.ico and the touch and manifest icons.
import { brandMarkShapes } from "../app/illustrations/brand-mark-geometry.mjs";

export { brandMarkShapes };


/** The mark as a standalone SVG document (favicon.svg). */
export function brandMarkSvg(shapes = brandMarkShapes) {
  const body = shapes
    .map((shape) => {
      if (shape.kind === "rect") {
        const radius = shape.rx ? ` rx="${shape.rx}"` : "";
        return `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}"${radius} fill="${shape.fill}"/>`;
      }
      if (shape.kind === "circle") return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}"/>`;
      return `<path d="M${shape.points.map(([x, y]) => `${x} ${y}`).join("L")}Z" fill="${shape.fill}"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>\n`;
}

function inside(shape, x, y) {
  if (shape.kind === "circle") return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2;
  if (shape.kind === "rect") {
    const { x: left, y: top, width, height, rx } = shape;
    if (x < left || y < top || x > left + width || y > top + height) return false;
    if (!rx) return true;
    // Distance from the nearest corner circle's centre, for points in a corner square.
    const cx = Math.min(Math.max(x, left + rx), left + width - rx);
    const cy = Math.min(Math.max(y, top + rx), top + height - rx);
    return (x - cx) ** 2 + (y - cy) ** 2 <= rx ** 2;
  }
  // Even-odd ray casting for polygons.
  let hit = false;
  const { points } = shape;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const rgb = (hex) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

/**
 * Rasterises the shapes to a size×size RGBA buffer, antialiased by 4×4 supersampling per pixel.
 * Transparent where no shape covers (outside the tile's rounded corners).
 */
export function rasterizeBrandMark(size, shapes = brandMarkShapes) {
  const samples = 4;
  const scale = 64 / size;
  const colours = shapes.map((shape) => rgb(shape.fill));
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) * scale;
          const y = (py + (sy + 0.5) / samples) * scale;
          for (let index = shapes.length - 1; index >= 0; index--) {
            if (inside(shapes[index], x, y)) {
              const [cr, cg, cb] = colours[index];
              r += cr;
              g += cg;
              b += cb;
              covered++;
              break;
            }
          }
        }
      }
      const offset = (py * size + px) * 4;
      if (covered > 0) {
        pixels[offset] = Math.round(r / covered);
        pixels[offset + 1] = Math.round(g / covered);
        pixels[offset + 2] = Math.round(b / covered);
      }
      pixels[offset + 3] = Math.round((covered / samples ** 2) * 255);
    }
  }
  return pixels;
}
