import { Link, useLocation } from "react-router";

/**
 * The pages before this one (their cursors; "" is the first page), kept in the history entry: "Newer"
 * goes back one. A reloaded or shared link has no trail, so "Newer" then starts again from the newest.
 */
interface PageTrail {
  trail: string[];
}
const trailOf = (state: unknown): string[] =>
  typeof state === "object" && state !== null && Array.isArray((state as PageTrail).trail)
    ? (state as PageTrail).trail.filter((entry): entry is string => typeof entry === "string")
    : [];

/** A keyset list's "Newer" and "Older" links: `pathOf` makes the list's path for a page's cursor. */
export function Pager({
  label,
  newerText,
  olderText,
  cursor,
  nextCursor,
  pathOf,
}: {
  label: string;
  newerText: string;
  olderText: string;
  cursor: string | undefined;
  nextCursor: string | null | undefined;
  pathOf: (cursor?: string) => string;
}) {
  const location = useLocation();
  const trail = trailOf(location.state);
  const newer = trail.at(-1) ?? "";
  return (
    <nav aria-label={label} className="pager">
      {cursor ? (
        <Link
          to={pathOf(newer || undefined)}
          state={{ trail: trail.slice(0, -1) } satisfies PageTrail}
        >
          {newerText}
        </Link>
      ) : null}
      {nextCursor ? (
        <Link
          to={pathOf(nextCursor)}
          state={{ trail: [...trail, cursor ?? ""] } satisfies PageTrail}
        >
          {olderText}
        </Link>
      ) : null}
    </nav>
  );
}
