import { useId, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { OutboxCounts, OutboxState } from "@site/shared/office";
import { outboxKinds, outboxStates } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { Pager } from "../../components/pager";
import { useText } from "../../i18n/text";
import { submittedFilters } from "../../lib/url-filters";
import { useOutbox } from "./api";
import { filtersToParams, queryString, readFilters, type OutboxFilters } from "./filters";
import { MailList } from "./mail-list";

/** The outbox with these filters (and page): a full path, so "no filters" is /outbox, not "". */
const outboxPath = (filters: OutboxFilters, cursor?: string) =>
  `/outbox${queryString(filtersToParams(filters, cursor))}`;

function StateTabs({
  filters,
  counts,
}: {
  filters: OutboxFilters;
  counts: OutboxCounts | undefined;
}) {
  const text = useText();
  const total = counts ? outboxStates.reduce((sum, state) => sum + counts[state], 0) : undefined;
  const tab = (state: OutboxState | undefined, label: string, count: number | undefined) => (
    <li key={state ?? "all"}>
      <Link
        to={outboxPath({ ...filters, state })}
        aria-current={filters.state === state ? "page" : undefined}
        className="tab"
      >
        {count === undefined ? label : text.inbox.tabLabel(label, count)}
      </Link>
    </li>
  );
  return (
    <nav aria-label={text.outbox.stateTabs}>
      <ul className="tabs">
        {tab(undefined, text.outbox.all, total)}
        {outboxStates.map((state) => tab(state, text.outbox.state[state], counts?.[state]))}
      </ul>
    </nav>
  );
}

function FilterForm({ filters }: { filters: OutboxFilters }) {
  const text = useText();
  const navigate = useNavigate();
  const id = useId();
  const hintId = `${id}-recipient-hint`;

  function apply(event: FormEvent<HTMLFormElement>) {
    const value = submittedFilters(event);
    const next = {
      state: filters.state,
      kind: value("kind"),
      locale: value("locale"),
      recipient: value("recipient")?.toLowerCase(),
      from: value("from"),
      to: value("to"),
    } as OutboxFilters;
    void navigate(outboxPath(next));
  }

  return (
    // Keyed by the filters so a change of URL (a tab, back, a shared link) shows its own values.
    <form
      key={queryString(filtersToParams(filters))}
      className="filters"
      onSubmit={apply}
      aria-label={text.outbox.filters}
    >
      <div className="field">
        <label htmlFor={`${id}-recipient`}>{text.outbox.recipientLabel}</label>
        <input
          id={`${id}-recipient`}
          name="recipient"
          type="search"
          defaultValue={filters.recipient ?? ""}
          aria-describedby={hintId}
          maxLength={200}
        />
        <p id={hintId} className="hint">
          {text.outbox.recipientHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>{text.outbox.kindLabel}</label>
        <select id={`${id}-kind`} name="kind" defaultValue={filters.kind ?? ""}>
          <option value="">{text.outbox.kindAny}</option>
          {outboxKinds.map((kind) => (
            <option key={kind} value={kind}>
              {text.outbox.kind[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-locale`}>{text.outbox.localeLabel}</label>
        <select id={`${id}-locale`} name="locale" defaultValue={filters.locale ?? ""}>
          <option value="">{text.outbox.localeAny}</option>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {text.locale[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{text.outbox.fromLabel}</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{text.outbox.toLabel}</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="filter-actions">
        <button type="submit">{text.outbox.apply}</button>
        <Link to={outboxPath({ state: filters.state })}>{text.outbox.clear}</Link>
      </div>
    </form>
  );
}

/**
 * /admin/outbox: every mail the site queued, newest first, 50 a page from the server, with the day's
 * automatic mail against its cap. The filters live in the URL's query (the first screen links to
 * `?state=failed`); the tabs count each state.
 */
export function OutboxPage() {
  const text = useText();
  const [params] = useSearchParams();
  const { filters, cursor } = readFilters(params);
  const outbox = useOutbox(filters, cursor);
  const page = outbox.data;
  return (
    <>
      <PageHeading title={text.outbox.heading} />
      <StateTabs filters={filters} counts={page?.counts} />
      <div className="inbox-summary">
        <p>
          <span className="label">{text.outbox.capLabel}: </span>
          <strong>{page ? text.outbox.capFigure(page.cap.count, page.cap.cap) : "…"}</strong>
        </p>
        <p className="hint">{text.outbox.capHint}</p>
      </div>
      <FilterForm filters={filters} />
      <Notice tone="status">
        {page ? text.outbox.shown(page.items.length) : outbox.isPending ? text.loading : null}
      </Notice>
      <Notice tone="alert">{outbox.isError ? errorText(outbox.error, text) : null}</Notice>
      {page ? <MailList mails={page.items} caption={text.outbox.heading} /> : null}
      <Pager
        label={text.outbox.pages}
        newerText={text.outbox.newer}
        olderText={text.outbox.older}
        cursor={cursor}
        nextCursor={page?.nextCursor}
        pathOf={(at) => outboxPath(filters, at)}
      />
    </>
  );
}
