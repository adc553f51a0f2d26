import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { localText } from "@site/shared/i18n/message-ref";
import { messageRefOf, newsletterInputSchema, simpleEmailHtmlPattern } from "@site/shared/schemas";
import { HoneypotField } from "../../components/ui/field";
import { FormOutcomeMessages } from "../../components/ui/form-parts";
import { useTypedBeforeHydration } from "../../components/ui/island";
import { PrivacyNote } from "../../components/ui/privacy-note";
import { Spinner } from "../../components/ui/spinner";
import { useFormSubmission } from "../../components/ui/use-form-submission";
import {
  subscribeErrorMessage,
  subscriptionsPath,
  toSubscriptionRequest,
  useSubscribe,
} from "./subscribe";
import { useMessages } from "../../i18n/messages";
import "./newsletter.css";

/**
 * The newsletter block shown on home, about, industries and services: heading, text and a
 * one-field form. The email is checked with the shared schema before any request; the outcome is
 * announced in a live region and the field is emptied after a successful subscription. Offline, the
 * subscription is saved on the device and sent when the connection returns
 * (components/ui/use-form-submission.ts).
 */
export function NewsletterBlock() {
  const messages = useMessages();
  const baseId = useId();
  const emailId = `${baseId}-email`;
  const statusId = `${baseId}-status`;
  const headingId = `${baseId}-heading`;
  // An address typed before the block's code arrived stays in the field and is what gets sent.
  const typedEarly = useTypedBeforeHydration();
  const [email, setEmail] = useState(typedEarly["email"] ?? "");
  const [website, setWebsite] = useState(typedEarly["website"] ?? "");
  const emailRef = useRef<HTMLInputElement>(null);
  const submission = useFormSubmission({
    mutation: useSubscribe(),
    accepted: (result) => {
      setEmail("");
      setWebsite("");
      // The server words an outcome other than the usual success (an address that had unsubscribed is
      // asked to check its inbox: docs/architecture.md, Decision 10).
      return result.message
        ? localText(result.message, result.messageRef, messages)
        : messages.newsletterMessages.success;
    },
    refused: (error) => subscribeErrorMessage(error, messages),
    offline: {
      kind: "subscription",
      path: subscriptionsPath,
      savedMessage: messages.savedSubmissionMessages.subscriptionSaved,
      discardedMessage: messages.savedSubmissionMessages.discarded,
    },
  });
  const { outcome, setOutcome, pending } = submission;

  // After an error, hand focus back to the field to fix or retry. An effect, not the error
  // callback: the input was disabled while sending (which dropped focus) and must be enabled first.
  useEffect(() => {
    if (outcome?.tone === "error" && !pending) emailRef.current?.focus();
  }, [outcome, pending]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = newsletterInputSchema.safeParse({ email, website });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setOutcome({
        tone: "error",
        // The shared schema words it in English and names its key: the block says it in the page's language.
        message: issue ? localText(issue.message, messageRefOf(issue), messages) : "",
        invalidInput: true,
      });
      return;
    }
    const request = toSubscriptionRequest(parsed.data);
    submission.submit(request, request.email);
  }

  const invalid = outcome?.tone === "error" && outcome.invalidInput === true;

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <div className="newsletter__inner">
        <div className="newsletter__copy">
          <h2 className="newsletter__heading" id={headingId}>
            {messages.newsletterContent.heading}
          </h2>
          <p className="newsletter__text">{messages.newsletterContent.text}</p>
        </div>
        <form
          className="newsletter__form"
          method="post"
          action={subscriptionsPath}
          noValidate
          aria-busy={pending}
          onSubmit={handleSubmit}
        >
          <label className="newsletter__label" htmlFor={emailId}>
            {messages.newsletterContent.label}
          </label>
          <div className="newsletter__row">
            <input
              ref={emailRef}
              id={emailId}
              className="field__input newsletter__input"
              type="email"
              name="email"
              inputMode="email"
              autoComplete="email"
              required
              pattern={simpleEmailHtmlPattern}
              placeholder={messages.newsletterContent.placeholder}
              value={email}
              disabled={pending}
              aria-invalid={invalid}
              aria-describedby={invalid ? statusId : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                if (invalid) setOutcome(null);
              }}
            />
            <button className="form-submit newsletter__button" type="submit" disabled={pending}>
              {pending ? <Spinner /> : null}
              {messages.newsletterContent.button}
            </button>
          </div>
          <HoneypotField
            id={`${baseId}-website`}
            inputProps={{
              name: "website",
              value: website,
              onChange: (event) => setWebsite(event.target.value),
            }}
          />
          <PrivacyNote
            text={messages.privacyMessages.newsletterNotice}
            className="newsletter__privacy"
          />
          {/* One polite region for good news and for "saved on this device", so either is announced. */}
          <FormOutcomeMessages
            outcome={outcome}
            className="newsletter__status"
            errorId={statusId}
            saved={submission.saved}
            onDiscard={submission.discard}
          />
        </form>
      </div>
    </section>
  );
}
