import { firm } from "@site/shared/content";

/**
 * The firm's mark: a hill ("kilima") of two stacked triangles under a rising sun, on a teal tile.
 * scripts/brand-mark.mjs draws the same geometry for the favicons.
 */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b4f4a" />
      <circle cx="41" cy="22" r="8" fill="#d9a13b" />
      <path d="M8 50 28 18l20 32Z" fill="#f2ece0" />
      <path d="M30 50 44 30l14 20Z" fill="#d9a13b" />
      <path d="M8 50h50v4H8z" fill="#c8693f" />
    </svg>
  );
}

/** The wordmark: the mark beside the firm's name. The name is real text so it scales and translates. */
export function Logo() {
  const [first, ...rest] = firm.name.split(" ");
  return (
    <span className="logo">
      <BrandMark />
      <span className="logo__text">
        <span className="logo__name">{first}</span>
        {rest.length > 0 ? <span className="logo__suffix">{rest.join(" ")}</span> : null}
      </span>
    </span>
  );
}
