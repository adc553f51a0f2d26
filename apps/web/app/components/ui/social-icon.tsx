import type { SocialNetwork } from "@site/shared/content";

/** The networks' glyphs and the contact details' own (phone, opening hours). */
export type IconName = SocialNetwork | "phone" | "hours";

// Simplified 24×24 glyphs, drawn with currentColor so they follow the link's colour and focus state.
const glyphs: Record<IconName, string> = {
  facebook:
    "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21Z",
  x: "M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.2L5.6 21h-3l7-8.1L2.2 3h6.2l4.3 5.7Zm-1 16.2h1.6L7.3 4.7H5.5Z",
  linkedin:
    "M4.5 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 8.5h3V21H3Zm5.5 0h2.9v1.7h.1c.4-.8 1.4-1.9 3.1-1.9 3.3 0 3.9 2.2 3.9 5V21h-3v-6.1c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V21h-3Z",
  // A rounded square, the lens and its dot, as arcs: half the path of the same drawing as curves.
  instagram:
    "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 1.6A3.4 3.4 0 0 0 4.6 8v8A3.4 3.4 0 0 0 8 19.4h8a3.4 3.4 0 0 0 3.4-3.4V8A3.4 3.4 0 0 0 16 4.6ZM12 7.4a4.6 4.6 0 1 0 0 9.2 4.6 4.6 0 0 0 0-9.2Zm0 1.6a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm4.8-2.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2Z",
  email: "M3 5h18v14H3Zm2 2v.5l7 4.6 7-4.6V7Zm14 2.9-7 4.6-7-4.6V17h14Z",
  website:
    "M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Zm6.9 8.5h-3a14.5 14.5 0 0 0-1.3-5.9 7.6 7.6 0 0 1 4.3 5.9ZM12 4.6c.9 1.2 1.8 3.5 1.9 6.4h-3.8c.1-2.9 1-5.2 1.9-6.4ZM9.4 5.1A14.5 14.5 0 0 0 8.1 11h-3a7.6 7.6 0 0 1 4.3-5.9ZM5.1 13h3c.1 2.2.6 4.3 1.3 5.9A7.6 7.6 0 0 1 5.1 13Zm6.9 6.4c-.9-1.2-1.8-3.5-1.9-6.4h3.8c-.1 2.9-1 5.2-1.9 6.4Zm2.6-.5c.7-1.6 1.2-3.7 1.3-5.9h3a7.6 7.6 0 0 1-4.3 5.9Z",
  phone:
    "M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.3 11.4 11.4 0 0 0 3.6.6 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.2.2 2.5.6 3.6a1 1 0 0 1-.3 1Z",
  hours: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.4 3.5 2.1-1 1.7L11 13V6h2Z",
};

/** A social network's (or a contact detail's) glyph. Decorative: the link around it carries the accessible name. */
export function SocialIcon({ network, size = 20 }: { network: IconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={glyphs[network]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
