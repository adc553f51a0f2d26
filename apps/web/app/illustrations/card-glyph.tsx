// Six small geometric marks in the spirit of mudcloth symbols, one per home service card.
const shapes = [
  "M20 6 34 30H6Z", // hill: strategy
  "M6 32V20h6v12Zm11 0V12h6v20Zm11 0V6h6v26Z", // bars: research
  "M20 4a16 16 0 1 0 0 32 16 16 0 0 0 0-32Zm0 8a8 8 0 1 1 0 16 8 8 0 0 1 0-16Z", // ring: sector expertise
  "M20 4 36 20 20 36 4 20Zm0 10-6 6 6 6 6-6Z", // diamond: capacity
  "M6 6h12v12H6Zm16 16h12v12H22ZM22 6h12v12H22Z", // blocks: monitoring
  "M8 8h24v6H8Zm0 10h24v6H8Zm0 10h14v6H8Z", // lines: digital
] as const;

/** A card's decorative mark, chosen by the card's position. */
export function CardGlyph({ index }: { index: number }) {
  return (
    <svg className="card-glyph" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <path d={shapes[index % shapes.length]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
