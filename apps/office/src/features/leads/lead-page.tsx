import { useId, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import type { CloseReason, Lead, LeadEvent, LeadStatus } from "@site/shared/office";
import { closeReasons, leadStatuses, officeMessages } from "@site/shared/office/constants";
import { errorText, fieldError } from "../../components/error-text";
import { Field } from "../../components/field";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import type { OfficeText } from "../../i18n/en";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useMe } from "../../lib/session";
import { useAddNote, useLead, useReply, useUpdateLead } from "./api";
import { firstAnswerMs, formatDuration } from "./duration";

function Details({ lead }: { lead: Lead }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const answered = firstAnswerMs(lead);
  return (
    <section aria-labelledby="details-heading" className="panel lead-details">
      <h2 id="details-heading">{text.lead.details}</h2>
      <dl className="pairs">
        <dt>{text.lead.emailLabel}</dt>
        <dd>
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </dd>
        <dt>{text.lead.phoneLabel}</dt>
        <dd>{lead.phone ?? text.lead.noPhone}</dd>
        <dt>{text.lead.subject}</dt>
        <dd>{lead.subject}</dd>
        <dt>{text.lead.locale}</dt>
        <dd>{text.locale[lead.locale]}</dd>
        <dt>{text.lead.received}</dt>
        <dd>{formatDateTime(lead.createdAt, intlLocale)}</dd>
        <dt>{text.lead.firstAnswer}</dt>
        <dd>
          {answered === null ? text.lead.notAnswered : formatDuration(answered, text.duration)}
        </dd>
        <dt>{text.lead.consent}</dt>
        <dd>
          {text.lead.consentAt(
            formatDateTime(lead.consent.at, intlLocale),
            lead.consent.page ?? "–",
          )}
        </dd>
      </dl>
      <h3>{text.lead.message}</h3>
      <p className="message-text">{lead.description}</p>
    </section>
  );
}

/** The status, and the reason when closing: the API refuses a close without one, and so does this form first. */
export function StatusForm({ lead }: { lead: Lead }) {
  const text = useText();
  const id = useId();
  const update = useUpdateLead(lead.id);
  // What the person picked, over the lead's current values (which change when, say, a reply moves it on).
  const [draft, setDraft] = useState<{ status?: LeadStatus; reason?: CloseReason | "" }>({});
  const status = draft.status ?? lead.status;
  const reason = draft.reason ?? lead.closeReason ?? "";
  const [missingReason, setMissingReason] = useState(false);
  const reasonError = missingReason
    ? officeMessages.closeReasonRequired
    : fieldError(update.error, "closeReason");

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "closed" && reason === "") {
      setMissingReason(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setMissingReason(false);
    update.mutate(
      status === "closed" ? { status, closeReason: reason as CloseReason } : { status },
      {
        onSuccess: () => setDraft({}),
      },
    );
  }

  return (
    <form onSubmit={save} noValidate className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.lead.statusHeading}</h2>
      <div className="field">
        <label htmlFor={`${id}-status`}>{text.lead.statusLabel}</label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as LeadStatus })}
        >
          {leadStatuses.map((value) => (
            <option key={value} value={value}>
              {text.status[value]}
            </option>
          ))}
        </select>
      </div>
      {status === "closed" ? (
        <Field id={`${id}-reason`} label={text.lead.closeReasonLabel} error={reasonError}>
          {(control) => (
            <select
              {...control}
              value={reason}
              required
              onChange={(event) =>
                setDraft({ ...draft, reason: event.target.value as CloseReason | "" })
              }
            >
              <option value="">{text.lead.closeReasonPick}</option>
              {closeReasons.map((value) => (
                <option key={value} value={value}>
                  {text.closeReason[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <button type="submit" disabled={update.isPending}>
        {update.isPending ? text.lead.saving : text.lead.saveStatus}
      </button>
      <Notice tone="status">{update.isSuccess ? text.lead.statusSaved : null}</Notice>
      <Notice tone="alert">
        {update.isError && !reasonError ? errorText(update.error, text) : null}
      </Notice>
    </form>
  );
}

function OwnerForm({ lead }: { lead: Lead }) {
  const text = useText();
  const id = useId();
  const me = useMe().data;
  const update = useUpdateLead(lead.id);
  const [colleague, setColleague] = useState("");
  const ownerError = fieldError(update.error, "owner");

  function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ owner: colleague.trim() });
  }

  return (
    <section className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.lead.ownerHeading}</h2>
      <p>{lead.owner ? text.lead.ownedBy(lead.owner) : text.lead.noOwner}</p>
      <div className="row">
        {me && lead.owner !== me.email ? (
          <button
            type="button"
            disabled={update.isPending}
            onClick={() => update.mutate({ owner: me.email })}
          >
            {text.lead.assignToMe}
          </button>
        ) : null}
        {lead.owner ? (
          <button
            type="button"
            className="button-quiet"
            disabled={update.isPending}
            onClick={() => update.mutate({ owner: null })}
          >
            {text.lead.unassign}
          </button>
        ) : null}
      </div>
      <form onSubmit={assign} noValidate className="row row-end">
        <Field id={`${id}-colleague`} label={text.lead.assignToLabel} error={ownerError}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={colleague}
              onChange={(event) => setColleague(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={update.isPending || colleague.trim() === ""}>
          {text.lead.assign}
        </button>
      </form>
      <Notice tone="status">{update.isSuccess ? text.lead.ownerSaved : null}</Notice>
      <Notice tone="alert">
        {update.isError && !ownerError ? errorText(update.error, text) : null}
      </Notice>
    </section>
  );
}

function NoteForm({ lead }: { lead: Lead }) {
  const text = useText();
  const id = useId();
  const addNote = useAddNote(lead.id);
  const [note, setNote] = useState("");
  const noteError = fieldError(addNote.error, "text");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    addNote.mutate({ text: note }, { onSuccess: () => setNote("") });
  }

  return (
    <form onSubmit={submit} noValidate className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.lead.noteHeading}</h2>
      <Field id={`${id}-text`} label={text.lead.noteLabel} error={noteError}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={note}
            maxLength={5000}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={addNote.isPending}>
        {addNote.isPending ? text.lead.saving : text.lead.addNote}
      </button>
      <Notice tone="status">{addNote.isSuccess ? text.lead.noteAdded : null}</Notice>
      <Notice tone="alert">
        {addNote.isError && !noteError ? errorText(addNote.error, text) : null}
      </Notice>
    </form>
  );
}

function ReplyForm({ lead }: { lead: Lead }) {
  const text = useText();
  const id = useId();
  const reply = useReply(lead.id);
  const [subject, setSubject] = useState(() => text.lead.replySubject(lead.subject));
  const [body, setBody] = useState("");
  const subjectError = fieldError(reply.error, "subject");
  const bodyError = fieldError(reply.error, "body");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reply.mutate({ subject, body }, { onSuccess: () => setBody("") });
  }

  return (
    <form onSubmit={submit} noValidate className="panel stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.lead.replyHeading}</h2>
      <p className="hint">{text.lead.replyIntro(lead.email)}</p>
      <Field id={`${id}-subject`} label={text.lead.replySubjectLabel} error={subjectError}>
        {(control) => (
          <input
            {...control}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-body`} label={text.lead.replyBodyLabel} error={bodyError}>
        {(control) => (
          <textarea
            {...control}
            rows={8}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={reply.isPending}>
        {reply.isPending ? text.lead.saving : text.lead.sendReply}
      </button>
      <Notice tone="status">{reply.isSuccess ? text.lead.replyQueued : null}</Notice>
      <Notice tone="alert">
        {reply.isError && !subjectError && !bodyError ? errorText(reply.error, text) : null}
      </Notice>
    </form>
  );
}

function eventTitle(event: LeadEvent, text: OfficeText): string {
  switch (event.kind) {
    case "received":
      return text.lead.event.received;
    case "assigned":
      return event.owner ? text.lead.event.assigned(event.owner) : text.lead.event.unassigned;
    case "status":
      return event.status === "closed" && event.closeReason
        ? text.lead.event.closed(text.closeReason[event.closeReason])
        : text.lead.event.status(text.status[event.status]);
    case "note":
      return text.lead.event.note;
    case "reply":
      return text.lead.event.reply(event.subject);
  }
}

function History({ events }: { events: LeadEvent[] }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  return (
    <section aria-labelledby="history-heading" className="panel lead-history">
      <h2 id="history-heading">{text.lead.historyHeading}</h2>
      <ol className="timeline">
        {events.map((event) => (
          <li key={event.id} className={`event event-${event.kind}`}>
            <p className="event-title">
              <strong>{eventTitle(event, text)}</strong>{" "}
              <span className="event-meta">
                {text.lead.event.by(event.by ?? text.lead.event.website)} ·{" "}
                <time dateTime={event.at}>{formatDateTime(event.at, intlLocale)}</time>
              </span>
            </p>
            {event.kind === "note" ? <p className="message-text">{event.text}</p> : null}
            {event.kind === "reply" ? <p className="message-text">{event.body}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /admin/leads/:id: one inquiry, what can be done with it, and everything that happened to it. */
export function LeadPage() {
  const text = useText();
  const { id = "" } = useParams();
  const detail = useLead(id);
  const lead = detail.data?.lead;

  return (
    <>
      <p>
        <Link to="/leads">{text.lead.back}</Link>
      </p>
      <PageHeading title={lead ? `${lead.name}: ${lead.subject}` : text.loading} />
      <Notice tone="alert">{detail.isError ? errorText(detail.error, text) : null}</Notice>
      {lead && detail.data ? (
        <div className="lead-layout">
          <Details lead={lead} />
          <div className="stack lead-actions">
            <StatusForm lead={lead} />
            <OwnerForm lead={lead} />
            <ReplyForm lead={lead} />
            <NoteForm lead={lead} />
          </div>
          <History events={detail.data.history} />
        </div>
      ) : null}
    </>
  );
}
