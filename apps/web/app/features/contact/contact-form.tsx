import { useId } from "react";
import {
  contactFields,
  contactInputSchema,
  type Contact,
  type ContactField,
  type ContactInput,
} from "@site/shared/schemas";
import { Field, HoneypotField } from "../../components/ui/field";
import { NameEmailFields } from "../../components/ui/name-email-fields";
import { PrivacyNote } from "../../components/ui/privacy-note";
import { schemaResolver } from "../../components/ui/schema-resolver";
import { FormOutcomeMessages, SubmitButton } from "../../components/ui/form-parts";
import { useFormSubmission } from "../../components/ui/use-form-submission";
import { useSchemaForm } from "../../components/ui/use-schema-form";
import {
  contactErrorMessage,
  contactsPath,
  toContactRequest,
  useSubmitContact,
} from "./submit-contact";
import { useMessages } from "../../i18n/messages";
import "./contact-form.css";

const emptyForm: Required<
  Omit<ContactInput, "page" | "noticeVersion" | "idempotencyKey" | "locale">
> = {
  name: "",
  email: "",
  phone: "",
  subject: "",
  description: "",
  website: "",
};

/**
 * The contact page's "Start the Conversation" form. Validation is the shared schema the API runs
 * too: checked on submit, then each field again when it is left, and a field's error disappears
 * as soon as it is edited; focus moves to the first invalid field (components/ui/use-schema-form.ts).
 * On success the form is really reset (a deliberate departure from the spec's stale-state bug); on
 * failure the input is kept and the server's field messages land on their fields. Each submission
 * carries an idempotency key; one that cannot reach the server (offline) is saved on the device and
 * sent when the connection returns, and the form says so (components/ui/use-form-submission.ts).
 */
export function ContactForm() {
  const messages = useMessages();
  // Visible labels of the form's fields (the field names and rules come from the shared schema).
  const fields = messages.siteMessages.fields;
  const labels: Record<ContactField | "send", string> = {
    name: fields.nameLabel,
    email: fields.emailLabel,
    phone: fields.phoneLabel,
    subject: fields.subjectLabel,
    description: fields.descriptionLabel,
    send: fields.send,
  };
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const form = useSchemaForm<ContactInput, Contact, ContactField>({
    resolver: schemaResolver<ContactInput, Contact>(contactInputSchema, messages),
    fields: contactFields,
    empty: emptyForm,
  });
  const { errors, register, control } = form;
  const submission = useFormSubmission({
    mutation: useSubmitContact(),
    accepted: () => {
      form.clear();
      return messages.contactMessages.success;
    },
    refused: (error) => {
      form.showServerErrors(error);
      return contactErrorMessage(error, messages);
    },
    offline: {
      kind: "contact",
      path: contactsPath,
      savedMessage: messages.savedSubmissionMessages.contactSaved,
      discardedMessage: messages.savedSubmissionMessages.discarded,
    },
  });
  const { outcome, pending } = submission;

  return (
    <section className="contact-form" aria-labelledby={headingId}>
      <h2 className="contact-form__heading" id={headingId}>
        {messages.contactContent.formHeading}
      </h2>
      <form
        className="contact-form__form"
        method="post"
        action={contactsPath}
        noValidate
        aria-busy={pending}
        onSubmit={form.onSubmit(
          () => submission.setOutcome(null),
          (contact) => submission.submit(toContactRequest(contact), contact.subject),
        )}
      >
        <div className="contact-form__grid">
          <NameEmailFields
            idPrefix={baseId}
            labels={labels}
            errors={{ name: errors.name?.message, email: errors.email?.message }}
            control={control}
          />
          <Field id={`${baseId}-phone`} label={labels.phone} optional error={errors.phone?.message}>
            {(props) => (
              <input
                className="field__input"
                type="tel"
                autoComplete="tel"
                {...control("phone", props)}
              />
            )}
          </Field>
          <Field id={`${baseId}-subject`} label={labels.subject} error={errors.subject?.message}>
            {(props) => (
              <input className="field__input" type="text" required {...control("subject", props)} />
            )}
          </Field>
          <Field
            id={`${baseId}-description`}
            label={labels.description}
            error={errors.description?.message}
            className="contact-form__wide"
          >
            {(props) => (
              <textarea
                className="field__input"
                rows={6}
                required
                {...control("description", props)}
              />
            )}
          </Field>
        </div>
        <HoneypotField id={`${baseId}-website`} inputProps={register("website")} />
        <PrivacyNote
          text={messages.privacyMessages.contactNotice}
          className="contact-form__privacy"
        />
        <div className="contact-form__footer">
          <SubmitButton
            pending={pending}
            label={labels.send}
            sendingLabel={messages.contactMessages.sending}
            className="contact-form__submit"
          />
        </div>
        <FormOutcomeMessages
          outcome={outcome}
          className="contact-form__status"
          saved={submission.saved}
          onDiscard={submission.discard}
        />
      </form>
    </section>
  );
}
