import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { subscriberStatuses } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { StatusTabs } from "../../components/status-tabs";
import { Pager } from "../../components/pager";
import { WeekChart } from "../../components/week-chart";
import { useText } from "../../i18n/text";
import { queryString, submittedFilters } from "../../lib/url-filters";
import { csvHref, useSubscribers } from "./api";
import { filtersToParams, readFilters, type SubscriberFilters } from "./filters";
import { SubscribersList } from "./subscribers-list";

/** The list with these filters (and page): a full path, so "no filters" is /subscribers, not "". */
export const subscribersPath = (filters: SubscriberFilters, cursor?: string) =>
  `/subscribers${queryString(filtersToParams(filters, cursor))}`;

function FilterForm({ filters }: { filters: SubscriberFilters }) {
  const all = useText();
  const text = all.subscribers;
  const navigate = useNavigate();
  const id = useId();

  function apply(event: FormEvent<HTMLFormElement>) {
    const value = submittedFilters(event);
    const next = {
      status: filters.status,
      locale: value("locale"),
      from: value("from"),
      to: value("to"),
      q: value("q"),
    } as SubscriberFilters;
    void navigate(subscribersPath(next));
  }

  return (
    // Keyed by the filters so a change of URL (a tab, back, a shared link) shows its own values.
    <form
      key={queryString(filtersToParams(filters))}
      className="filters"
      onSubmit={apply}
      aria-label={all.inbox.filters}
    >
      <div className="field">
        <label htmlFor={`${id}-q`}>{all.inbox.searchLabel}</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          aria-describedby={`${id}-q-hint`}
          maxLength={200}
        />
        <p id={`${id}-q-hint`} className="hint">
          {text.searchHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-locale`}>{all.inbox.localeLabel}</label>
        <select id={`${id}-locale`} name="locale" defaultValue={filters.locale ?? ""}>
          <option value="">{all.inbox.localeAny}</option>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {all.locale[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{text.fromLabel}</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{text.toLabel}</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="filter-actions">
        <button type="submit">{all.inbox.apply}</button>
        <Link to={subscribersPath({ status: filters.status })}>{all.inbox.clear}</Link>
      </div>
    </form>
  );
}

/**
 * /admin/subscribers: everyone who subscribed, newest first, 50 a page from the server, with their
 * state, language and consent. The filters live in the URL; the tabs count each state under the other
 * filters; the chart shows the last twelve weeks; the export is the server's CSV of the same filters.
 */
export function SubscribersPage() {
  const all = useText();
  const text = all.subscribers;
  const [params] = useSearchParams();
  const { filters, cursor } = readFilters(params);
  const subscribers = useSubscribers(filters, cursor);
  const [done, setDone] = useState<string | undefined>();
  const page = subscribers.data;

  return (
    <>
      <PageHeading title={text.heading} />
      <StatusTabs
        label={text.statusTabs}
        statuses={subscriberStatuses}
        names={text.status}
        current={filters.status}
        counts={page?.counts}
        pathOf={(status) => subscribersPath({ ...filters, status })}
      />
      <FilterForm filters={filters} />
      <div className="inbox-summary">
        <a href={csvHref(filters)} download>
          {text.exportCsv}
        </a>
      </div>
      <Notice tone="status">
        {done
          ? text.unsubscribed(done)
          : page
            ? text.shown(page.items.length)
            : subscribers.isPending
              ? all.loading
              : null}
      </Notice>
      <Notice tone="alert">{subscribers.isError ? errorText(subscribers.error, all) : null}</Notice>
      {page ? <SubscribersList subscribers={page.items} onDone={setDone} /> : null}
      <Pager
        label={text.pages}
        newerText={all.inbox.newer}
        olderText={all.inbox.older}
        cursor={cursor}
        nextCursor={page?.nextCursor}
        pathOf={(next) => subscribersPath(filters, next)}
      />
      <section aria-labelledby="trend-heading">
        <h2 id="trend-heading">{text.trendHeading}</h2>
        {page ? <WeekChart weeks={page.weeks} /> : null}
      </section>
    </>
  );
}
