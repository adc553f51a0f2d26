import { useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import type { DataRequest, DataRequestInput } from "@site/shared/office";
import { dataRequestChannels, dataRequestKinds } from "@site/shared/office/constants";
import { errorText, fieldError } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { Pager } from "../../components/pager";
import { useText } from "../../i18n/text";
import { ApiError } from "../../lib/api-client";
import { pageCursor, paramReader, oneOf } from "../../lib/url-filters";
import { useMediaQuery } from "../../lib/use-media-query";
import { useDataRequests, useMarkAnswered, useRecordRequest } from "./api";

const states = ["open", "answered"] as const;
type State = (typeof states)[number];

const registerPath = (state: State | undefined, cursor?: string) => {
  const params = new URLSearchParams();
  if (state) params.set("state", state);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return `/people/requests${query ? `?${query}` : ""}`;
};

const today = () => new Date().toISOString().slice(0, 10);

function RecordForm() {
  const text = useText();
  const id = useId();
  const record = useRecordRequest();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === "string" ? entry.trim() : "";
    };
    const input = {
      email: value("address"),
      kind: value("kind"),
      channel: value("channel"),
      receivedOn: value("receivedOn"),
      note: value("note"),
    } as DataRequestInput;
    record.mutate(input, { onSuccess: () => form.reset() });
  }

  const error = (field: string) => fieldError(record.error, field);
  const described = (field: string, hint = false) =>
    [hint ? `${id}-${field}-hint` : "", error(field) ? `${id}-${field}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const errorLine = (field: string) =>
    error(field) ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {error(field)}
      </p>
    ) : null;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.register.recordHeading}</h2>
      <form className="filters" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-address`}>{text.register.addressLabel}</label>
          <input
            id={`${id}-address`}
            name="address"
            type="email"
            autoComplete="off"
            maxLength={254}
            aria-invalid={error("email") ? true : undefined}
            aria-describedby={described("email")}
          />
          {errorLine("email")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{text.register.kindLabel}</label>
          <select
            id={`${id}-kind`}
            name="kind"
            defaultValue="access"
            aria-invalid={error("kind") ? true : undefined}
            aria-describedby={described("kind")}
          >
            {dataRequestKinds.map((kind) => (
              <option key={kind} value={kind}>
                {text.register.kind[kind]}
              </option>
            ))}
          </select>
          {errorLine("kind")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-channel`}>{text.register.channelLabel}</label>
          <select
            id={`${id}-channel`}
            name="channel"
            defaultValue="mail"
            aria-invalid={error("channel") ? true : undefined}
            aria-describedby={described("channel")}
          >
            {dataRequestChannels.map((channel) => (
              <option key={channel} value={channel}>
                {text.register.channel[channel]}
              </option>
            ))}
          </select>
          {errorLine("channel")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-receivedOn`}>{text.register.receivedLabel}</label>
          <input
            id={`${id}-receivedOn`}
            name="receivedOn"
            type="date"
            defaultValue={today()}
            max={today()}
            aria-invalid={error("receivedOn") ? true : undefined}
            aria-describedby={described("receivedOn")}
          />
          {errorLine("receivedOn")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>{text.register.noteLabel}</label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            maxLength={1000}
            aria-invalid={error("note") ? true : undefined}
            aria-describedby={described("note", true)}
          />
          <p id={`${id}-note-hint`} className="hint">
            {text.register.noteHint}
          </p>
          {errorLine("note")}
        </div>
        <div className="filter-actions">
          <button type="submit" disabled={record.isPending}>
            {record.isPending ? text.register.recording : text.register.record}
          </button>
        </div>
      </form>
      <Notice tone="status">{record.isSuccess ? text.register.recorded : null}</Notice>
      <Notice tone="alert">
        {record.isError &&
        !(record.error instanceof ApiError && Object.keys(record.error.fieldErrors).length > 0)
          ? errorText(record.error, text)
          : null}
      </Notice>
    </section>
  );
}

function Actions({ request, onAnswer }: { request: DataRequest; onAnswer: (id: string) => void }) {
  const text = useText();
  return (
    <div className="row">
      {request.email !== null ? (
        <Link to={`/people?request=${encodeURIComponent(request.id)}`}>
          {text.register.openPerson}
          <span className="visually-hidden"> {request.email}</span>
        </Link>
      ) : null}
      {request.answeredOn === null ? (
        <button type="button" className="button-quiet" onClick={() => onAnswer(request.id)}>
          {text.register.markAnswered}
          <span className="visually-hidden"> {request.email ?? request.receivedOn}</span>
        </button>
      ) : null}
    </div>
  );
}

/** The register: a table where there is room, cards on a phone. */
function RequestsList({
  requests,
  onAnswer,
}: {
  requests: DataRequest[];
  onAnswer: (id: string) => void;
}) {
  const text = useText();
  const wide = useMediaQuery("(min-width: 48rem)");
  const columns = text.register.columns;
  const addressOf = (request: DataRequest) => request.email ?? text.register.erasedAddress;
  if (requests.length === 0) return <p>{text.register.empty}</p>;
  if (!wide)
    return (
      <ul className="lead-cards" aria-label={text.register.heading}>
        {requests.map((request) => (
          <li key={request.id} className="lead-card">
            <h2 className="lead-card-name">{addressOf(request)}</h2>
            <dl className="pairs">
              <dt>{columns.received}</dt>
              <dd>{request.receivedOn}</dd>
              <dt>{columns.kind}</dt>
              <dd>{text.register.kind[request.kind]}</dd>
              <dt>{columns.channel}</dt>
              <dd>{text.register.channel[request.channel]}</dd>
              <dt>{columns.answeredOn}</dt>
              <dd>{request.answeredOn ?? text.register.notAnswered}</dd>
              {request.note ? (
                <>
                  <dt>{columns.note}</dt>
                  <dd>{request.note}</dd>
                </>
              ) : null}
            </dl>
            <Actions request={request} onAnswer={onAnswer} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">{text.register.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.received}</th>
            <th scope="col">{columns.address}</th>
            <th scope="col">{columns.kind}</th>
            <th scope="col">{columns.channel}</th>
            <th scope="col">{columns.note}</th>
            <th scope="col">{columns.answeredOn}</th>
            <th scope="col">{columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <td>{request.receivedOn}</td>
              <th scope="row">{addressOf(request)}</th>
              <td>{text.register.kind[request.kind]}</td>
              <td>{text.register.channel[request.channel]}</td>
              <td>{request.note}</td>
              <td>{request.answeredOn ?? text.register.notAnswered}</td>
              <td>
                <Actions request={request} onAnswer={onAnswer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/people/requests: the register of people's requests, newest first, 20 a page from the server,
 * open or answered in the URL; record a request, mark one answered, or open it to export or erase.
 */
export function RequestsPage() {
  const text = useText();
  const [params] = useSearchParams();
  const read = paramReader(params);
  const state = read("state", (value) => oneOf(states, value));
  const cursor = read("cursor", pageCursor);
  const requests = useDataRequests(state, cursor);
  const answer = useMarkAnswered();
  const [answered, setAnswered] = useState(false);
  const tab = (value: State | undefined, label: string) => (
    <li key={value ?? "all"}>
      <Link
        to={registerPath(value)}
        className="tab"
        aria-current={state === value ? "page" : undefined}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <>
      <PageHeading title={text.register.heading} />
      <p>{text.register.intro}</p>
      <p>
        <Link to="/people">{text.register.back}</Link>
      </p>
      <RecordForm />
      <nav aria-label={text.register.tabs}>
        <ul className="tabs">
          {tab(undefined, text.register.all)}
          {tab("open", text.register.open)}
          {tab("answered", text.register.answered)}
        </ul>
      </nav>
      <Notice tone="status">
        {answered && answer.isSuccess ? text.register.markedAnswered : null}
      </Notice>
      <Notice tone="alert">
        {requests.isError
          ? errorText(requests.error, text)
          : answer.isError
            ? errorText(answer.error, text)
            : null}
      </Notice>
      {requests.data ? (
        <RequestsList
          requests={requests.data.items}
          onAnswer={(id) => {
            setAnswered(true);
            answer.mutate(id);
          }}
        />
      ) : requests.isPending ? (
        <p role="status">{text.loading}</p>
      ) : null}
      <Pager
        label={text.register.pages}
        newerText={text.register.newer}
        olderText={text.register.older}
        cursor={cursor}
        nextCursor={requests.data?.nextCursor}
        pathOf={(next) => registerPath(state, next)}
      />
    </>
  );
}
