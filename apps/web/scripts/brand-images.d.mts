// Types for brand-images.mjs.
export function brandImages(): Promise<Record<string, string | Buffer>>;
