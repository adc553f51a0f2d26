import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import type { ErasureAnswer } from "@site/shared/office";
import { errorText, fieldError } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { useText } from "../../i18n/text";
import { useMe } from "../../lib/session";
import { useDataRequest, useErasePerson, useExportPerson, useFindPerson } from "./api";
import { PersonDetails } from "./person-details";

const requestIdPattern = /^[\w-]{1,64}$/;

/** Owners only (the API refuses staff with 403 all the same): erasure, confirmed by typing the address. */
function EraseForm({
  address,
  requestId,
  onErased,
}: {
  address: string;
  requestId: string | undefined;
  onErased: (answer: ErasureAnswer) => void;
}) {
  const text = useText();
  const id = useId();
  const erase = useErasePerson();
  const [open, setOpen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const confirmation = new FormData(event.currentTarget).get("confirmation");
    erase.mutate(
      {
        email: address,
        confirmation: typeof confirmation === "string" ? confirmation : "",
        requestId,
      },
      { onSuccess: onErased },
    );
  }

  const confirmationError = fieldError(erase.error, "confirmation");
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.people.eraseHeading}</h2>
      <p>{text.people.eraseIntro}</p>
      {open ? (
        <form className="confirm" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-confirmation`}>{text.people.confirmLabel}</label>
            <input
              id={`${id}-confirmation`}
              name="confirmation"
              type="text"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={confirmationError ? true : undefined}
              aria-describedby={confirmationError ? `${id}-confirmation-error` : undefined}
            />
            {confirmationError ? (
              <p id={`${id}-confirmation-error`} className="field-error">
                {confirmationError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button-danger" disabled={erase.isPending}>
            {erase.isPending ? text.people.erasing : text.people.eraseConfirm}
          </button>
          <button type="button" className="button-quiet" onClick={() => setOpen(false)}>
            {text.people.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="button-danger" onClick={() => setOpen(true)}>
          {text.people.eraseStart}
        </button>
      )}
      <Notice tone="alert">
        {erase.isError && !confirmationError ? errorText(erase.error, text) : null}
      </Notice>
    </section>
  );
}

/**
 * /admin/people: find a person by address and see everything held on one page, export it as JSON (any
 * staff), erase it (owners). `?request=<id>` answers an entry of the register: its address is read
 * from the register (never put in the URL) and exporting or erasing marks it answered.
 */
export function PeoplePage() {
  const text = useText();
  const me = useMe();
  const id = useId();
  const [params] = useSearchParams();
  const requestParam = params.get("request");
  const requestId =
    requestParam !== null && requestIdPattern.test(requestParam) ? requestParam : undefined;
  const entry = useDataRequest(requestId);
  const find = useFindPerson();
  const exporter = useExportPerson();
  const [missing, setMissing] = useState(false);
  const [erased, setErased] = useState<ErasureAnswer | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // An entry of the register opens with its person found.
  const entryEmail = entry.data?.request.email;
  const { mutate: findAddress } = find;
  useEffect(() => {
    if (!entryEmail) return;
    if (inputRef.current) inputRef.current.value = entryEmail;
    findAddress(entryEmail);
  }, [entryEmail, findAddress]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("address");
    const typed = typeof value === "string" ? value.trim() : "";
    setMissing(typed === "");
    setErased(null);
    exporter.reset();
    if (typed === "") return;
    find.mutate(typed);
  }

  const person = find.data;
  // The address as it was found (typed, or read from the register's entry).
  const address = find.variables ?? "";
  const addressError = missing ? text.people.addressRequired : fieldError(find.error, "email");
  const isOwner = me.data?.role === "owner";
  return (
    <>
      <PageHeading title={text.people.heading} />
      <p>{text.people.intro}</p>
      <p>
        <Link to="/people/requests">{text.people.registerLink}</Link>
      </p>
      {requestId ? <Notice tone="status">{text.people.fromRequest}</Notice> : null}
      <Notice tone="alert">{entry.isError ? errorText(entry.error, text) : null}</Notice>
      <form className="filters" onSubmit={submit} noValidate aria-label={text.people.heading}>
        <div className="field">
          <label htmlFor={`${id}-address`}>{text.people.findLabel}</label>
          <input
            ref={inputRef}
            id={`${id}-address`}
            name="address"
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            aria-invalid={addressError ? true : undefined}
            aria-describedby={`${id}-address-hint${addressError ? ` ${id}-address-error` : ""}`}
          />
          <p id={`${id}-address-hint`} className="hint">
            {text.people.findHint}
          </p>
          {addressError ? (
            <p id={`${id}-address-error`} className="field-error">
              {addressError}
            </p>
          ) : null}
        </div>
        <div className="filter-actions">
          <button type="submit" disabled={find.isPending}>
            {find.isPending ? text.people.finding : text.people.find}
          </button>
        </div>
      </form>
      <Notice tone="alert">
        {find.isError && !addressError ? errorText(find.error, text) : null}
      </Notice>
      <Notice tone="status">
        {erased ? text.people.erased : exporter.isSuccess ? text.people.exported : null}
      </Notice>
      {erased ? (
        <dl className="pairs">
          <dt>{text.people.erasureRecord}</dt>
          <dd>{erased.erasure.id}</dd>
        </dl>
      ) : null}
      {person && !erased ? (
        <section aria-labelledby={`${id}-held`} className="stack">
          <h2 id={`${id}-held`}>{text.people.held}</h2>
          <p>{person.email}</p>
          <div className="row">
            <button
              type="button"
              disabled={exporter.isPending}
              onClick={() => exporter.mutate({ address, requestId })}
            >
              {exporter.isPending ? text.people.exporting : text.people.exportJson}
            </button>
          </div>
          <Notice tone="alert">{exporter.isError ? errorText(exporter.error, text) : null}</Notice>
          <PersonDetails person={person} />
          {isOwner ? (
            <EraseForm
              address={address}
              requestId={requestId}
              onErased={(answer) => {
                setErased(answer);
                find.reset();
              }}
            />
          ) : (
            <p className="hint">{text.people.ownersOnly}</p>
          )}
        </section>
      ) : null}
    </>
  );
}
