import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";
import type { OutboxMailSummary } from "@site/shared/office";
import { outboxPaths } from "@site/shared/office/constants";
import { DataTable, type listFeatures } from "../../components/data-table";
import type { OfficeText } from "../../i18n/en";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";

const column = createColumnHelper<typeof listFeatures, OutboxMailSummary>();

/** A mail's router path (outboxPaths.mail is the full /admin address; the router adds the basename). */
export const mailRoute = (id: string) => outboxPaths.mail(id).slice("/admin".length);

/** A mail's state in words; a held mail says which cap held it. */
export function stateText(mail: OutboxMailSummary, text: OfficeText): string {
  return mail.state === "held" && mail.heldBy
    ? text.outbox.heldByCap(text.outbox.heldCap[mail.heldBy])
    : text.outbox.state[mail.state];
}

function useColumns(text: OfficeText, intlLocale: string) {
  return useMemo(
    () =>
      column.columns([
        column.accessor("createdAt", {
          header: text.outbox.columns.queued,
          cell: (info) => formatDateTime(info.getValue(), intlLocale),
        }),
        column.accessor("to", {
          header: text.outbox.columns.recipient,
          cell: (info) => <Link to={mailRoute(info.row.original.id)}>{info.getValue()}</Link>,
        }),
        column.accessor("kind", {
          header: text.outbox.columns.kind,
          cell: (info) => text.outbox.kind[info.getValue()],
        }),
        column.accessor("locale", {
          header: text.outbox.columns.language,
          cell: (info) => text.locale[info.getValue()],
        }),
        column.accessor("state", {
          header: text.outbox.columns.state,
          cell: (info) => stateText(info.row.original, text),
        }),
        column.accessor("attempts", { header: text.outbox.columns.attempts }),
        column.accessor("lastAnswer", {
          header: text.outbox.columns.lastAnswer,
          cell: (info) => info.getValue() ?? text.outbox.none,
        }),
      ]),
    [text, intlLocale],
  );
}

/** On a phone: one card per mail, its recipient the link, the rest as a short description list. */
function MailCards({ mails, caption }: { mails: OutboxMailSummary[]; caption: string }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  return (
    <ul className="lead-cards" aria-label={caption}>
      {mails.map((mail) => (
        <li key={mail.id} className={`lead-card outbox-${mail.state}`}>
          <h2 className="lead-card-name">
            <Link to={mailRoute(mail.id)}>{mail.to}</Link>
          </h2>
          <p className="lead-card-subject">{text.outbox.kind[mail.kind]}</p>
          <dl className="pairs">
            <dt>{text.outbox.columns.state}</dt>
            <dd>{stateText(mail, text)}</dd>
            <dt>{text.outbox.columns.queued}</dt>
            <dd>{formatDateTime(mail.createdAt, intlLocale)}</dd>
            <dt>{text.outbox.columns.language}</dt>
            <dd>{text.locale[mail.locale]}</dd>
            <dt>{text.outbox.columns.attempts}</dt>
            <dd>{mail.attempts}</dd>
            {mail.lastAnswer ? (
              <>
                <dt>{text.outbox.columns.lastAnswer}</dt>
                <dd>{mail.lastAnswer}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The page of mails: a table where there is room for one (48rem and wider), cards on a phone. */
export function MailList({ mails, caption }: { mails: OutboxMailSummary[]; caption: string }) {
  const wide = useMediaQuery("(min-width: 48rem)");
  const columns = useColumns(useText(), useIntlLocale());
  if (mails.length === 0) return null;
  return wide ? (
    <DataTable
      rows={mails}
      columns={columns}
      caption={caption}
      className="leads-table outbox-table"
      rowClassName={(mail) => `outbox-${mail.state}`}
      rowHeader="to"
    />
  ) : (
    <MailCards mails={mails} caption={caption} />
  );
}
