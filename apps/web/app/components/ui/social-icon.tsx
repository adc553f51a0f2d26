import type { SocialNetwork } from "@site/shared/content";

/** The networks' glyphs and the contact details' own (phone, opening hours). */
export type IconName = SocialNetwork | "phone" | "hours";

/**
 * Simplified 24×24 glyphs, one file each in ./glyphs (Instagram's lens and rounded square drawn as arcs:
 * half the path of the same drawing as curves). Written into a page, they are drawn with currentColor so
 * they follow the link's colour and focus state; the footer shows the same files as masks
 * (styles/layout.css, `.social-link__icon`), so the bytes of its four are not in every page.
 */
const glyphFiles = import.meta.glob<string>("./glyphs/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});
/** The one path's data in a glyph file (the files are drawn by hand; read at build time). */
const pathData = /\sd="([^"]+)"/;

/** A glyph's path data, by the name of its file. */
function glyphPath(name: IconName): string {
  const d = pathData.exec(glyphFiles[`./glyphs/${name}.svg`] ?? "")?.[1];
  if (!d) throw new Error(`social-icon: no glyph file for ${name}`);
  return d;
}

/** A social network's (or a contact detail's) glyph. Decorative: the link around it carries the accessible name. */
export function SocialIcon({ network, size = 20 }: { network: IconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={glyphPath(network)} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
