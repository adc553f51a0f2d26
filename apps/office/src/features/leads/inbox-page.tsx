import { useId, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { leadStatuses } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { StatusTabs } from "../../components/status-tabs";
import { Pager } from "../../components/pager";
import { useText } from "../../i18n/text";
import { submittedFilters } from "../../lib/url-filters";
import { csvHref, useLeads } from "./api";
import { formatDuration } from "./duration";
import { filtersToParams, queryString, readFilters, type LeadFilters } from "./filters";
import { LeadsList } from "./leads-list";

/** The inbox with these filters (and page): a full path, so "no filters" is /leads, not "". */
const inboxPath = (filters: LeadFilters, cursor?: string) =>
  `/leads${queryString(filtersToParams(filters, cursor))}`;

function FilterForm({ filters }: { filters: LeadFilters }) {
  const text = useText();
  const navigate = useNavigate();
  const id = useId();
  const hintId = `${id}-q-hint`;

  function apply(event: FormEvent<HTMLFormElement>) {
    const value = submittedFilters(event);
    const next = {
      status: filters.status,
      owner: value("owner"),
      locale: value("locale"),
      from: value("from"),
      to: value("to"),
      q: value("q"),
    } as LeadFilters;
    void navigate(inboxPath(next));
  }

  return (
    // Keyed by the filters so a change of URL (a tab, back, a shared link) shows its own values.
    <form
      key={queryString(filtersToParams(filters))}
      className="filters"
      onSubmit={apply}
      aria-label={text.inbox.filters}
    >
      <div className="field">
        <label htmlFor={`${id}-q`}>{text.inbox.searchLabel}</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          aria-describedby={hintId}
          maxLength={200}
        />
        <p id={hintId} className="hint">
          {text.inbox.searchHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-owner`}>{text.inbox.ownerLabel}</label>
        <select id={`${id}-owner`} name="owner" defaultValue={filters.owner ?? ""}>
          <option value="">{text.inbox.ownerAnyone}</option>
          <option value="me">{text.inbox.ownerMe}</option>
          <option value="none">{text.inbox.ownerNone}</option>
          {filters.owner && filters.owner !== "me" && filters.owner !== "none" ? (
            <option value={filters.owner}>{filters.owner}</option>
          ) : null}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-locale`}>{text.inbox.localeLabel}</label>
        <select id={`${id}-locale`} name="locale" defaultValue={filters.locale ?? ""}>
          <option value="">{text.inbox.localeAny}</option>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {text.locale[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{text.inbox.fromLabel}</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{text.inbox.toLabel}</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="filter-actions">
        <button type="submit">{text.inbox.apply}</button>
        <Link to={inboxPath({ status: filters.status })}>{text.inbox.clear}</Link>
      </div>
    </form>
  );
}

/**
 * /admin/leads: every inquiry, newest first, 20 a page from the server. The filters live in the URL's
 * query (a reloaded or shared link shows the same list); the tabs count each status under the other
 * filters; the median time to first answer covers the filtered leads.
 */
export function InboxPage() {
  const text = useText();
  const [params] = useSearchParams();
  const { filters, cursor } = readFilters(params);
  const leads = useLeads(filters, cursor);
  const page = leads.data;

  return (
    <>
      <PageHeading title={text.inbox.heading} />
      <StatusTabs
        label={text.inbox.statusTabs}
        statuses={leadStatuses}
        names={text.status}
        current={filters.status}
        counts={page?.counts}
        pathOf={(status) => inboxPath({ ...filters, status })}
      />
      <FilterForm filters={filters} />
      <div className="inbox-summary">
        <p>
          <span className="label">{text.inbox.median}: </span>
          <strong>
            {page
              ? page.medianFirstAnswerMs === null
                ? text.inbox.medianNone
                : formatDuration(page.medianFirstAnswerMs, text.duration)
              : "…"}
          </strong>
        </p>
        <a href={csvHref(filters)} download>
          {text.inbox.exportCsv}
        </a>
      </div>
      <Notice tone="status">
        {page ? text.inbox.shown(page.items.length) : leads.isPending ? text.loading : null}
      </Notice>
      <Notice tone="alert">{leads.isError ? errorText(leads.error, text) : null}</Notice>
      {page ? <LeadsList leads={page.items} caption={text.inbox.heading} /> : null}
      <Pager
        label={text.inbox.pages}
        newerText={text.inbox.newer}
        olderText={text.inbox.older}
        cursor={cursor}
        nextCursor={page?.nextCursor}
        pathOf={(next) => inboxPath(filters, next)}
      />
    </>
  );
}
