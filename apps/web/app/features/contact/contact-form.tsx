import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import {
  contactFields,
  contactInputSchema,
  type Contact,
  type ContactField,
  type ContactInput,
} from "@site/shared/schemas";
import { Field, HoneypotField, type FieldControlProps } from "../../components/ui/field";
import { PrivacyNote } from "../../components/ui/privacy-note";
import { useTypedBeforeHydration } from "../../components/ui/island";
import {
  FormOutcomeMessages,
  SubmitButton,
  type FormOutcome,
} from "../../components/ui/form-parts";
import { useOfflineQueue } from "../../components/ui/use-offline-queue";
import { ApiError } from "../../lib/api-client";
import { submissionKeys } from "../../lib/idempotency-key";
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

/** The form's own fields out of the values typed before hydration. */
function pick(typed: Readonly<Record<string, string>>): Partial<ContactInput> {
  return Object.fromEntries(
    Object.keys(emptyForm).flatMap((name) => (typed[name] ? [[name, typed[name]]] : [])),
  );
}

/**
 * The contact page's "Start the Conversation" form. Validation is the shared schema the API runs
 * too: checked on submit, then each field again when it is left, and a field's error disappears
 * as soon as it is edited. React Hook Form moves focus to the first invalid field. On success the
 * form is really reset (a deliberate departure from the spec's stale-state bug); on failure the
 * input is kept and the server's field messages land on their fields. Each submission carries an
 * idempotency key; one that cannot reach the server (offline) is saved on the device and sent when the
 * connection returns, and the form says so (lib/pending-submissions.ts).
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
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const typedEarly = useTypedBeforeHydration();
  const submission = useSubmitContact();
  const pending = submission.isPending;
  const keys = useRef(submissionKeys()).current;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<ContactInput, unknown, Contact>({
    resolver: zodResolver(contactInputSchema),
    // Whatever was typed before the form's code arrived stays (and is what gets validated and sent).
    defaultValues: { ...emptyForm, ...pick(typedEarly) },
    mode: "onSubmit",
    reValidateMode: "onBlur",
    // Focus moves to the first invalid field once, by `focusFirstInvalid`: React Hook Form's own
    // shouldFocusError focuses it again a task later, which yanked a fast typist (or a paste) from a
    // field whose error their typing had just cleared into the next invalid one.
    shouldFocusError: false,
  });

  const fieldProps = (name: ContactField): UseFormRegisterReturn<ContactField> =>
    register(name, { onChange: () => clearErrors(name) });

  const succeeded = () => {
    keys.settle();
    reset(emptyForm);
    setOutcome({ tone: "success", message: messages.contactMessages.success });
  };
  const failed = (error: unknown) => {
    setOutcome({ tone: "error", message: contactErrorMessage(error, messages) });
    if (error instanceof ApiError) {
      const invalid = contactFields.filter((field) => error.fieldErrors[field]);
      invalid.forEach((field, index) =>
        setError(
          field,
          { type: "server", message: error.fieldErrors[field] },
          { shouldFocus: index === 0 },
        ),
      );
    }
  };
  const offline = useOfflineQueue((later) => {
    if (later.state === "sent") succeeded();
    else if (later.state === "refused") failed(later.error);
    else setOutcome({ tone: "info", message: messages.savedSubmissionMessages.discarded });
  });

  const onValid = (contact: Contact) => {
    if (pending) return;
    setOutcome(null);
    const request = toContactRequest(contact);
    const idempotencyKey = keys.keyFor(request);
    submission.mutate(
      { request, idempotencyKey },
      {
        onSuccess: succeeded,
        onError: async (error) => {
          const saved = await offline.saveIfOffline(error, {
            key: idempotencyKey,
            kind: "contact",
            path: contactsPath,
            body: request,
            label: contact.subject,
          });
          if (saved)
            setOutcome({ tone: "info", message: messages.savedSubmissionMessages.contactSaved });
          else failed(error);
        },
      },
    );
  };

  const control = (name: ContactField, props: FieldControlProps) => ({
    ...props,
    ...fieldProps(name),
  });

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
        onSubmit={(event) => {
          setOutcome(null);
          void handleSubmit(onValid, (invalid) => {
            const first = contactFields.find((field) => invalid[field]);
            if (first) setFocus(first);
          })(event);
        }}
      >
        <div className="contact-form__grid">
          <Field id={`${baseId}-name`} label={labels.name} error={errors.name?.message}>
            {(props) => (
              <input
                className="field__input"
                type="text"
                autoComplete="name"
                required
                {...control("name", props)}
              />
            )}
          </Field>
          <Field id={`${baseId}-email`} label={labels.email} error={errors.email?.message}>
            {(props) => (
              <input
                className="field__input"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                {...control("email", props)}
              />
            )}
          </Field>
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
        <FormOutcomeMessages outcome={outcome} className="contact-form__status">
          {offline.saved ? (
            <button type="button" className="form-discard" onClick={offline.discard}>
              {messages.savedSubmissionMessages.discardNamed(offline.saved.label)}
            </button>
          ) : null}
        </FormOutcomeMessages>
      </form>
    </section>
  );
}
