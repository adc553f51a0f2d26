// Types for brand-mark.mjs.
import type { BrandMarkShape } from "../app/illustrations/brand-mark-geometry.mjs";
export { brandMarkShapes } from "../app/illustrations/brand-mark-geometry.mjs";
export function brandMarkSvg(shapes?: readonly BrandMarkShape[]): string;
