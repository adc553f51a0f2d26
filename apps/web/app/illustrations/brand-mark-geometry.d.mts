// Types for brand-mark-geometry.mjs.
export type BrandMarkShape =
  | { kind: "rect"; x: number; y: number; width: number; height: number; rx: number; fill: string }
  | { kind: "circle"; cx: number; cy: number; r: number; fill: string }
  | { kind: "polygon"; points: [number, number][]; fill: string };
export const brandMarkShapes: readonly BrandMarkShape[];
