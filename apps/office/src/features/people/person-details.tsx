import { useId, type ReactNode } from "react";
import type { PersonData } from "@site/shared/office";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";

/** One section of what is held: its heading, and its items or "None." */
function Section({
  heading,
  count,
  children,
}: {
  heading: string;
  count: number;
  children: ReactNode;
}) {
  const text = useText();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {count === 0 ? <p>{text.people.none}</p> : children}
    </section>
  );
}

/** Everything held about one address, on one page: subscription, inquiries, comments, mails, requests. */
export function PersonDetails({ person }: { person: PersonData }) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const when = (iso: string) => formatDateTime(iso, intlLocale);
  const field = text.people.field;
  const subscription = person.subscription;
  return (
    <div className="stack">
      <Section heading={text.people.subscriptionHeading} count={subscription ? 1 : 0}>
        {subscription ? (
          <dl className="pairs">
            <dt>{field.status}</dt>
            <dd>{subscription.status}</dd>
            <dt>{field.language}</dt>
            <dd>{text.locale[subscription.locale]}</dd>
            <dt>{field.since}</dt>
            <dd>{when(subscription.createdAt)}</dd>
            <dt>{field.consent}</dt>
            <dd>
              {when(subscription.consent.at)} · {subscription.consent.page ?? "—"} ·{" "}
              {subscription.consent.noticeVersion ?? "—"}
            </dd>
            {subscription.unsubscribedAt ? (
              <>
                <dt>{field.left}</dt>
                <dd>{when(subscription.unsubscribedAt)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </Section>
      <Section heading={text.people.inquiriesHeading} count={person.inquiries.length}>
        <ul className="lead-cards">
          {person.inquiries.map((inquiry) => (
            <li key={inquiry.id} className="lead-card">
              <p className="lead-card-name">{inquiry.subject}</p>
              <dl className="pairs">
                <dt>{field.received}</dt>
                <dd>{when(inquiry.createdAt)}</dd>
                <dt>{field.status}</dt>
                <dd>{inquiry.status}</dd>
                <dt>{field.message}</dt>
                <dd className="message-text">{inquiry.description}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={text.people.commentsHeading} count={person.comments.length}>
        <ul className="lead-cards">
          {person.comments.map((comment) => (
            <li key={comment.id} className="lead-card">
              <dl className="pairs">
                <dt>{field.post}</dt>
                <dd>{comment.post}</dd>
                <dt>{field.received}</dt>
                <dd>{when(comment.createdAt)}</dd>
                <dt>{field.status}</dt>
                <dd>{comment.status}</dd>
                <dt>{field.message}</dt>
                <dd className="message-text">{comment.text}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={text.people.mailsHeading} count={person.mails.length}>
        <ul className="lead-cards">
          {person.mails.map((mail) => (
            <li key={mail.id} className="lead-card">
              <p className="lead-card-name">{mail.subject}</p>
              <dl className="pairs">
                <dt>{field.kind}</dt>
                <dd>{mail.kind}</dd>
                <dt>{field.recipient}</dt>
                <dd>{mail.to}</dd>
                <dt>{field.sent}</dt>
                <dd>{when(mail.createdAt)}</dd>
                <dt>{field.state}</dt>
                <dd>{mail.state}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <Section heading={text.people.requestsHeading} count={person.requests.length}>
        <ul className="lead-cards">
          {person.requests.map((request) => (
            <li key={request.id} className="lead-card">
              <dl className="pairs">
                <dt>{text.register.columns.received}</dt>
                <dd>{request.receivedOn}</dd>
                <dt>{text.register.columns.kind}</dt>
                <dd>{text.register.kind[request.kind]}</dd>
                <dt>{text.register.columns.answeredOn}</dt>
                <dd>{request.answeredOn ?? text.register.notAnswered}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
