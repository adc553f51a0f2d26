// Turns the firm's mark (app/illustrations/brand-mark-geometry.mjs, the same shapes the header logo
// draws) into an SVG document: favicon.svg, the source of the other icons (brand-images.mjs) and a
// part of the social card (social-card.mjs).
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
      if (shape.kind === "circle")
        return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}"/>`;
      return `<path d="M${shape.points.map(([x, y]) => `${x} ${y}`).join("L")}Z" fill="${shape.fill}"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>\n`;
}
