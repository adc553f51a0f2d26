// The firm's mark as plain geometry on a 64×64 grid: the one drawing behind the header logo
// (BrandMark in app/components/layout/logo.tsx), favicon.svg and the rasterised icons that
// scripts/brand-images.mjs draws into public/ (committed; rerun `generate:images` when the mark changes).
// Plain JavaScript so Node scripts can import it too.

/** Painted in order, later shapes over earlier ones. */
export const brandMarkShapes = [
  { kind: "rect", x: 0, y: 0, width: 64, height: 64, rx: 14, fill: "#0b4f4a" },
  { kind: "circle", cx: 41, cy: 22, r: 8, fill: "#d9a13b" },
  { kind: "polygon", points: [[8, 50], [28, 18], [48, 50]], fill: "#f2ece0" },
  { kind: "polygon", points: [[30, 50], [44, 30], [58, 50]], fill: "#d9a13b" },
  { kind: "rect", x: 8, y: 50, width: 50, height: 4, rx: 0, fill: "#c8693f" },
];
