import { Link } from "react-router";
import { useText } from "../i18n/text";

/**
 * A list's tabs: "All" and one per status, each with its count under the list's other filters (once
 * the API answered), the current one marked `aria-current="page"`; `pathOf` keeps the other filters.
 */
export function StatusTabs<S extends string>({
  label,
  statuses,
  names,
  current,
  counts,
  pathOf,
}: {
  label: string;
  statuses: readonly S[];
  names: Record<S, string>;
  current: S | undefined;
  counts: Record<S, number> | undefined;
  pathOf: (status: S | undefined) => string;
}) {
  const text = useText();
  const total = counts ? statuses.reduce((sum, status) => sum + counts[status], 0) : undefined;
  const tab = (status: S | undefined, name: string, count: number | undefined) => (
    <li key={status ?? "all"}>
      <Link
        to={pathOf(status)}
        aria-current={current === status ? "page" : undefined}
        className="tab"
      >
        {count === undefined ? name : text.inbox.tabLabel(name, count)}
      </Link>
    </li>
  );
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {tab(undefined, text.inbox.all, total)}
        {statuses.map((status) => tab(status, names[status], counts?.[status]))}
      </ul>
    </nav>
  );
}
