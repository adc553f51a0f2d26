import { Fragment } from "react";
import { Link, useParams } from "react-router";
import type { OutboxMail } from "@site/shared/office";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import type { OfficeText } from "../../i18n/en";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useOutboxMail, useRetryMail } from "./api";
import { stateText } from "./mail-list";

function Body({ mail }: { mail: OutboxMail }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const { body } = mail;
  return (
    <section aria-labelledby="mail-body">
      <h2 id="mail-body">{text.outbox.mail.body}</h2>
      <p>
        <span className="label">{text.outbox.mail.subject}: </span>
        {body.subject}
      </p>
      {body.kept ? (
        <pre className="mail-text">{body.text}</pre>
      ) : (
        <p className="notice notice-status">
          {mail.state === "held"
            ? text.outbox.mail.neverKept
            : body.removedAt
              ? text.outbox.mail.removed(formatDateTime(body.removedAt, intlLocale))
              : text.outbox.mail.notKept}
        </p>
      )}
    </section>
  );
}

/** The mail's delivery record: every time it has, in order, and the server's last answer. */
function Delivery({ mail }: { mail: OutboxMail }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const at = (iso: string | null) => (iso ? formatDateTime(iso, intlLocale) : null);
  const rows: [string, string | number | null][] = [
    [text.outbox.columns.state, stateText(mail, text)],
    [text.outbox.columns.kind, text.outbox.kind[mail.kind]],
    [text.outbox.columns.language, text.locale[mail.locale]],
    [text.outbox.mail.replyTo, mail.replyTo],
    [text.outbox.columns.queued, at(mail.createdAt)],
    [text.outbox.columns.attempts, mail.attempts],
    [text.outbox.mail.attemptedAt, at(mail.attemptedAt)],
    [text.outbox.mail.nextAttemptAt, at(mail.nextAttemptAt)],
    [text.outbox.mail.finishedAt, at(mail.finishedAt)],
    [text.outbox.columns.lastAnswer, mail.lastAnswer],
    [text.outbox.mail.messageId, mail.messageId],
    [text.outbox.mail.retriedAt, at(mail.retriedAt)],
  ];
  return (
    <dl className="pairs">
      {rows
        .filter(([, value]) => value !== null)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** Why a mail cannot be retried from here, for one that is failed but whose one retry is spent. */
function retryNote(mail: OutboxMail, text: OfficeText): string | null {
  if (mail.state === "failed" && !mail.retryable) return text.outbox.mail.retryUsed;
  return null;
}

function Retry({ mail }: { mail: OutboxMail }) {
  const text = useText();
  const retry = useRetryMail(mail.id);
  const note = retryNote(mail, text);
  return (
    <section aria-labelledby="mail-retry">
      <h2 id="mail-retry">{text.outbox.mail.retryHeading}</h2>
      {mail.retryable ? (
        <>
          <p className="hint">{text.outbox.mail.retryHint}</p>
          <button type="button" disabled={retry.isPending} onClick={() => retry.mutate()}>
            {retry.isPending ? text.outbox.mail.retrying : text.outbox.mail.retry}
          </button>
        </>
      ) : (
        <p>{note ?? text.outbox.mail.notFailed}</p>
      )}
      <Notice tone="status">{retry.isSuccess ? text.outbox.mail.retried : null}</Notice>
      <Notice tone="alert">{retry.isError ? errorText(retry.error, text) : null}</Notice>
    </section>
  );
}

/** /admin/outbox/:id: one mail, its delivery, its body while kept, and the one retry of a failed mail. */
export function MailPage() {
  const text = useText();
  const { id = "" } = useParams();
  const found = useOutboxMail(id);
  const mail = found.data?.mail;
  return (
    <>
      <PageHeading title={mail ? text.outbox.mail.heading(mail.to) : text.outbox.heading} />
      <p>
        <Link to="/outbox">{text.outbox.mail.back}</Link>
      </p>
      <Notice tone="status">{found.isPending ? text.loading : null}</Notice>
      <Notice tone="alert">{found.isError ? errorText(found.error, text) : null}</Notice>
      {mail ? (
        <>
          <Delivery mail={mail} />
          <Retry mail={mail} />
          <Body mail={mail} />
        </>
      ) : null}
    </>
  );
}
