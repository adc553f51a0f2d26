import { useRef, useState } from "react";
import type { Subscriber } from "@site/shared/office";
import { errorText } from "../../components/error-text";
import type { OfficeText } from "../../i18n/en";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { useUnsubscribe } from "./api";

/** Where and under which notice the current consent was given. */
function consentText(subscriber: Subscriber, text: OfficeText["subscribers"]): string {
  return text.consentOn(
    subscriber.consent.page ?? text.unknownPage,
    subscriber.consent.noticeVersion ?? text.unknownNotice,
  );
}

/** Unsubscribed when, and by whom: the person (their link) or a staff member on their request. */
function leftText(subscriber: Subscriber, text: OfficeText["subscribers"], intlLocale: string) {
  if (!subscriber.unsubscribedAt) return subscriber.confirmationSentAt ? text.linkSent : "—";
  const at = formatDateTime(subscriber.unsubscribedAt, intlLocale);
  return subscriber.unsubscribedBy ? text.leftByStaff(at, subscriber.unsubscribedBy) : at;
}

/**
 * Unsubscribe asks first, in place: the confirmation takes focus, Cancel gives it back. Only for a
 * subscriber still mailed or awaiting confirmation.
 */
function UnsubscribeButton({
  subscriber,
  onDone,
}: {
  subscriber: Subscriber;
  onDone: (email: string) => void;
}) {
  const text = useText().subscribers;
  const all = useText();
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unsubscribe = useUnsubscribe();
  if (subscriber.status === "unsubscribed") return null;
  if (!confirming)
    return (
      <button
        type="button"
        ref={buttonRef}
        className="button-quiet"
        aria-label={text.unsubscribeNamed(subscriber.email)}
        onClick={() => setConfirming(true)}
      >
        {text.unsubscribe}
      </button>
    );
  return (
    <div role="group" aria-label={text.unsubscribeNamed(subscriber.email)} className="confirm">
      <p>{text.confirmUnsubscribe(subscriber.email)}</p>
      <button
        type="button"
        className="button-danger"
        ref={(element) => element?.focus()}
        disabled={unsubscribe.isPending}
        onClick={() =>
          unsubscribe.mutate(subscriber.id, { onSuccess: () => onDone(subscriber.email) })
        }
      >
        {unsubscribe.isPending ? all.lead.saving : text.confirm}
      </button>
      <button
        type="button"
        className="button-quiet"
        onClick={() => {
          setConfirming(false);
          requestAnimationFrame(() => buttonRef.current?.focus());
        }}
      >
        {text.cancel}
      </button>
      {unsubscribe.isError ? (
        <p className="field-error" role="alert">
          {errorText(unsubscribe.error, all)}
        </p>
      ) : null}
    </div>
  );
}

function SubscribersTable({
  subscribers,
  onDone,
}: {
  subscribers: Subscriber[];
  onDone: (email: string) => void;
}) {
  const all = useText();
  const text = all.subscribers;
  const intlLocale = useIntlLocale();
  return (
    <div className="table-scroll">
      <table className="leads-table">
        <caption className="visually-hidden">{text.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.email}</th>
            <th scope="col">{text.columns.status}</th>
            <th scope="col">{text.columns.locale}</th>
            <th scope="col">{text.columns.consent}</th>
            <th scope="col">{text.columns.left}</th>
            <th scope="col">{text.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <th scope="row">{subscriber.email}</th>
              <td>{text.status[subscriber.status]}</td>
              <td>{all.locale[subscriber.locale]}</td>
              <td>
                {formatDateTime(subscriber.consent.at, intlLocale)}
                <br />
                <span className="hint">{consentText(subscriber, text)}</span>
              </td>
              <td>{leftText(subscriber, text, intlLocale)}</td>
              <td>
                <UnsubscribeButton subscriber={subscriber} onDone={onDone} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: one card per subscriber, the address as its heading, the rest as a description list. */
function SubscriberCards({
  subscribers,
  onDone,
}: {
  subscribers: Subscriber[];
  onDone: (email: string) => void;
}) {
  const all = useText();
  const text = all.subscribers;
  const intlLocale = useIntlLocale();
  return (
    <ul className="lead-cards" aria-label={text.heading}>
      {subscribers.map((subscriber) => (
        <li key={subscriber.id} className="lead-card">
          <h2 className="lead-card-name">{subscriber.email}</h2>
          <dl className="pairs">
            <dt>{text.columns.status}</dt>
            <dd>{text.status[subscriber.status]}</dd>
            <dt>{text.columns.locale}</dt>
            <dd>{all.locale[subscriber.locale]}</dd>
            <dt>{text.columns.consent}</dt>
            <dd>
              {formatDateTime(subscriber.consent.at, intlLocale)}, {consentText(subscriber, text)}
            </dd>
            <dt>{text.columns.left}</dt>
            <dd>{leftText(subscriber, text, intlLocale)}</dd>
          </dl>
          <UnsubscribeButton subscriber={subscriber} onDone={onDone} />
        </li>
      ))}
    </ul>
  );
}

/** The page of subscribers: a table where there is room for one (48rem and wider), cards on a phone. */
export function SubscribersList({
  subscribers,
  onDone,
}: {
  subscribers: Subscriber[];
  onDone: (email: string) => void;
}) {
  const wide = useMediaQuery("(min-width: 48rem)");
  if (subscribers.length === 0) return null;
  return wide ? (
    <SubscribersTable subscribers={subscribers} onDone={onDone} />
  ) : (
    <SubscriberCards subscribers={subscribers} onDone={onDone} />
  );
}
