import { useId, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AuditEntryView } from "@site/shared/office";
import { auditActions } from "@site/shared/office/constants";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { Pager } from "../../components/pager";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useMe } from "../../lib/session";
import { useMediaQuery } from "../../lib/use-media-query";
import { submittedFilters } from "../../lib/url-filters";
import { useAudit } from "./api";
import { auditFiltersToParams, queryString, readAuditFilters, type AuditFilters } from "./filters";

const auditPath = (filters: AuditFilters, cursor?: string) =>
  `/audit${queryString(auditFiltersToParams(filters, cursor))}`;

function FilterForm({ filters }: { filters: AuditFilters }) {
  const text = useText();
  const navigate = useNavigate();
  const id = useId();

  function apply(event: FormEvent<HTMLFormElement>) {
    const value = submittedFilters(event);
    void navigate(
      auditPath({
        actor: value("actor"),
        action: value("action"),
        target: value("target"),
        from: value("from"),
        to: value("to"),
        q: value("q"),
      } as AuditFilters),
    );
  }

  const input = (name: keyof AuditFilters, label: string, type = "text", hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        defaultValue={filters[name] ?? ""}
        maxLength={200}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-${name}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      key={queryString(auditFiltersToParams(filters))}
      className="filters"
      onSubmit={apply}
      aria-label={text.audit.filters}
    >
      {input("q", text.audit.searchLabel, "search")}
      {input("actor", text.audit.actorLabel, "text", text.audit.actorHint)}
      <div className="field">
        <label htmlFor={`${id}-action`}>{text.audit.actionLabel}</label>
        <select id={`${id}-action`} name="action" defaultValue={filters.action ?? ""}>
          <option value="">{text.audit.anyAction}</option>
          {auditActions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      {input("target", text.audit.targetLabel)}
      {input("from", text.audit.fromLabel, "date")}
      {input("to", text.audit.toLabel, "date")}
      <div className="filter-actions">
        <button type="submit">{text.audit.apply}</button>
        <Link to="/audit">{text.audit.clear}</Link>
      </div>
    </form>
  );
}

const detailsText = (details: AuditEntryView["details"]) =>
  Object.entries(details)
    .filter(([, value]) => value !== null && value !== "")
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(", ");

function AuditList({ entries }: { entries: AuditEntryView[] }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const wide = useMediaQuery("(min-width: 48rem)");
  const columns = text.audit.columns;
  const who = (entry: AuditEntryView) => entry.actor ?? text.audit.system;
  if (entries.length === 0) return <p>{text.audit.empty}</p>;
  if (!wide)
    return (
      <ul className="lead-cards" aria-label={text.audit.heading}>
        {entries.map((entry) => (
          <li key={entry.id} className="lead-card">
            <h2 className="lead-card-name">{entry.action}</h2>
            <dl className="pairs">
              <dt>{columns.at}</dt>
              <dd>{formatDateTime(entry.at, intlLocale)}</dd>
              <dt>{columns.actor}</dt>
              <dd>{who(entry)}</dd>
              <dt>{columns.target}</dt>
              <dd>{entry.target ?? "—"}</dd>
              <dt>{columns.details}</dt>
              <dd>{detailsText(entry.details) || "—"}</dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">{text.audit.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.at}</th>
            <th scope="col">{columns.actor}</th>
            <th scope="col">{columns.action}</th>
            <th scope="col">{columns.target}</th>
            <th scope="col">{columns.details}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at, intlLocale)}</td>
              <td>{who(entry)}</td>
              <th scope="row">{entry.action}</th>
              <td className="audit-target">{entry.target ?? "—"}</td>
              <td>{detailsText(entry.details) || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/audit: every staff action, newest first, 50 a page from the server, filters in the URL. Owners
 * only: the API answers 403 to anyone else, and the screen says so without asking it.
 */
export function AuditPage() {
  const text = useText();
  const me = useMe();
  const [params] = useSearchParams();
  const { filters, cursor } = readAuditFilters(params);
  const isOwner = me.data?.role === "owner";
  const audit = useAudit(filters, cursor, isOwner);
  if (!isOwner)
    return (
      <>
        <PageHeading title={text.audit.heading} />
        <Notice tone="alert">{text.audit.ownersOnly}</Notice>
      </>
    );
  return (
    <>
      <PageHeading title={text.audit.heading} />
      <p>
        {text.audit.intro}{" "}
        {audit.data ? `${text.audit.retention} ${audit.data.retentionDays}.` : null}
      </p>
      <FilterForm filters={filters} />
      <Notice tone="alert">{audit.isError ? errorText(audit.error, text) : null}</Notice>
      {audit.data ? (
        <AuditList entries={audit.data.items} />
      ) : audit.isPending ? (
        <p role="status">{text.loading}</p>
      ) : null}
      <Pager
        label={text.audit.pages}
        newerText={text.audit.newer}
        olderText={text.audit.older}
        cursor={cursor}
        nextCursor={audit.data?.nextCursor}
        pathOf={(next) => auditPath(filters, next)}
      />
    </>
  );
}
