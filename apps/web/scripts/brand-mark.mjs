// Turns the firm's mark (app/illustrations/brand-mark-geometry.mjs, the same shapes the header logo
// draws) into an SVG document: favicon.svg, the source of the other icons (brand-images.mjs) and a
// part of the social card (social-card.mjs).
import { brandMarkShapes } from "../app/illustrations/brand-mark-geometry.mjs";

export { brandMarkShapes };

/**
 * The mark as a standalone SVG document (favicon.svg), written to be carried in every page as a data URL
 * with little to escape (app/entry.prerender.tsx): single quotes, commas between numbers, and no
 * attribute a default gives (x="0", rx="0", the root's width and height: its viewBox sizes it).
 */
export function brandMarkSvg(shapes = brandMarkShapes) {
  const attributes = (pairs) =>
    pairs
      .filter(([name, value]) => !(value === 0 && ["x", "y", "rx"].includes(name)))
      .map(([name, value]) => ` ${name}='${value}'`)
      .join("");
  const body = shapes
    .map((shape) => {
      if (shape.kind === "rect") {
        const { x, y, width, height, rx, fill } = shape;
        return `<rect${attributes(Object.entries({ x, y, width, height, rx: rx ?? 0, fill }))}/>`;
      }
      if (shape.kind === "circle") {
        const { cx, cy, r, fill } = shape;
        return `<circle${attributes(Object.entries({ cx, cy, r, fill }))}/>`;
      }
      const d = `M${shape.points.flat().join(",")}Z`;
      return `<path${attributes([
        ["d", d],
        ["fill", shape.fill],
      ])}/>`;
    })
    .join("");
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0,0,64,64'>${body}</svg>\n`;
}
