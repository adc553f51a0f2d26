import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";
import type { LeadSummary } from "@site/shared/office";
import { officePaths } from "@site/shared/office/constants";
import { DataTable, type listFeatures } from "../../components/data-table";
import type { OfficeText } from "../../i18n/en";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { firstAnswerMs, formatDuration } from "./duration";

const column = createColumnHelper<typeof listFeatures, LeadSummary>();

/** A lead's router path (officePaths.lead is the full /admin address; the router adds the basename). */
export const leadRoute = (id: string) => officePaths.lead(id).slice("/admin".length);

function statusText(lead: LeadSummary, text: OfficeText): string {
  return lead.status === "closed" && lead.closeReason
    ? `${text.status.closed}: ${text.closeReason[lead.closeReason]}`
    : text.status[lead.status];
}

function firstAnswerText(lead: LeadSummary, text: OfficeText): string {
  const ms = firstAnswerMs(lead);
  return ms === null ? text.inbox.notAnswered : formatDuration(ms, text.duration);
}

function useColumns(text: OfficeText, intlLocale: string) {
  return useMemo(
    () =>
      column.columns([
        column.accessor("createdAt", {
          header: text.inbox.columns.received,
          cell: (info) => formatDateTime(info.getValue(), intlLocale),
        }),
        column.accessor("name", {
          header: text.inbox.columns.name,
          cell: (info) => <Link to={leadRoute(info.row.original.id)}>{info.getValue()}</Link>,
        }),
        column.accessor("subject", { header: text.inbox.columns.subject }),
        column.accessor("status", {
          header: text.inbox.columns.status,
          cell: (info) => statusText(info.row.original, text),
        }),
        column.accessor("owner", {
          header: text.inbox.columns.owner,
          cell: (info) => info.getValue() ?? text.inbox.unassigned,
        }),
        column.accessor("locale", {
          header: text.inbox.columns.locale,
          cell: (info) => text.locale[info.getValue()],
        }),
        column.accessor("firstAnsweredAt", {
          header: text.inbox.columns.firstAnswer,
          cell: (info) => firstAnswerText(info.row.original, text),
        }),
      ]),
    [text, intlLocale],
  );
}

/** On a phone: one card per lead, its name the link, the rest as a short description list. */
function LeadCards({ leads, caption }: { leads: LeadSummary[]; caption: string }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  return (
    <ul className="lead-cards" aria-label={caption}>
      {leads.map((lead) => (
        <li key={lead.id} className={`lead-card status-${lead.status}`}>
          <h2 className="lead-card-name">
            <Link to={leadRoute(lead.id)}>{lead.name}</Link>
          </h2>
          <p className="lead-card-subject">{lead.subject}</p>
          <dl className="pairs">
            <dt>{text.inbox.columns.status}</dt>
            <dd>{statusText(lead, text)}</dd>
            <dt>{text.inbox.columns.received}</dt>
            <dd>{formatDateTime(lead.createdAt, intlLocale)}</dd>
            <dt>{text.inbox.columns.owner}</dt>
            <dd>{lead.owner ?? text.inbox.unassigned}</dd>
            <dt>{text.inbox.columns.locale}</dt>
            <dd>{text.locale[lead.locale]}</dd>
            <dt>{text.inbox.columns.firstAnswer}</dt>
            <dd>{firstAnswerText(lead, text)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The page of leads: a table where there is room for one (48rem and wider), cards on a phone. */
export function LeadsList({ leads, caption }: { leads: LeadSummary[]; caption: string }) {
  const wide = useMediaQuery("(min-width: 48rem)");
  const columns = useColumns(useText(), useIntlLocale());
  if (leads.length === 0) return null;
  return wide ? (
    <DataTable
      rows={leads}
      columns={columns}
      caption={caption}
      className="leads-table"
      rowClassName={(lead) => `status-${lead.status}`}
      rowHeader="name"
    />
  ) : (
    <LeadCards leads={leads} caption={caption} />
  );
}
