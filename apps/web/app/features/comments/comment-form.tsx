import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import {
  commentFields,
  commentInputSchema,
  commentRules,
  type Comment,
  type CommentField,
  type CommentInput,
} from "@site/shared/schemas";
import { Field, HoneypotField, type FieldControlProps } from "../../components/ui/field";
import { useTypedBeforeHydration } from "../../components/ui/island";
import { PrivacyNote } from "../../components/ui/privacy-note";
import {
  FormOutcomeMessages,
  SubmitButton,
  type FormOutcome,
} from "../../components/ui/form-parts";
import { ApiError } from "../../lib/api-client";
import { commentFormId } from "./comment-form-id";
import { useMessages } from "../../i18n/messages";
import { submissionKeys } from "../../lib/idempotency-key";
import {
  commentErrorMessage,
  commentsPath,
  toCommentRequest,
  useSubmitComment,
} from "./submit-comment";

export interface CommentFormProps {
  /** The post's slug, sent with the comment. */
  post: string;
}

type Typed = Pick<CommentInput, CommentField | "website">;
const emptyForm: Required<Typed> = { name: "", email: "", comment: "", website: "" };

/** The form's own fields out of the values typed before hydration. */
function pick(typed: Readonly<Record<string, string>>): Partial<Typed> {
  return Object.fromEntries(
    Object.keys(emptyForm).flatMap((name) => (typed[name] ? [[name, typed[name]]] : [])),
  );
}

/**
 * "Leave a comment": name, email (never shown), comment. Validated with the shared schema the API runs
 * too: on submit, then each field again when it is left; a field's error goes as soon as it is edited,
 * and focus moves to the first invalid field. On success the form is cleared and says the comment will
 * appear once approved; a refusal (too fast, too many) is said in the server's own words.
 */
export function CommentFormBody({ post }: CommentFormProps) {
  const messages = useMessages();
  const { commentMessages } = messages;
  const labels: Record<CommentField, string> = {
    name: commentMessages.nameLabel,
    email: commentMessages.emailLabel,
    comment: commentMessages.commentLabel,
  };
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const form = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const typedEarly = useTypedBeforeHydration();
  const submission = useSubmitComment();
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
  } = useForm<CommentInput, unknown, Comment>({
    resolver: zodResolver(commentInputSchema),
    defaultValues: { ...emptyForm, ...pick(typedEarly), post },
    mode: "onSubmit",
    reValidateMode: "onBlur",
    // Focus moves to the first invalid field once, by `focusFirstInvalid`: React Hook Form's own
    // shouldFocusError focuses it again a task later, which yanked a fast typist (or a paste) from a
    // field whose error their typing had just cleared into the next invalid one.
    shouldFocusError: false,
  });

  const control = (name: CommentField, props: FieldControlProps) => ({
    ...props,
    ...(register(name, {
      onChange: () => clearErrors(name),
    }) as UseFormRegisterReturn<CommentField>),
  });

  const onValid = (comment: Comment) => {
    if (pending) return;
    setOutcome(null);
    // The start time the API wrote into the page, outside this island (see comment-section.tsx).
    const started = form.current?.elements.namedItem("formStarted");
    const formStarted = started instanceof HTMLInputElement ? started.value : undefined;
    const request = toCommentRequest({ ...comment, post }, formStarted);
    submission.mutate(
      { request, idempotencyKey: keys.keyFor(request) },
      {
        onSuccess: () => {
          keys.settle();
          reset({ ...emptyForm, post });
          setOutcome({ tone: "success", message: commentMessages.success });
        },
        onError: (error) => {
          setOutcome({ tone: "error", message: commentErrorMessage(error, messages) });
          if (error instanceof ApiError) {
            const invalid = commentFields.filter((field) => error.fieldErrors[field]);
            invalid.forEach((field, index) =>
              setError(
                field,
                { type: "server", message: error.fieldErrors[field] },
                { shouldFocus: index === 0 },
              ),
            );
          }
        },
      },
    );
  };

  return (
    <div className="comment-form">
      <h3 className="comment-form__heading" id={headingId}>
        {commentMessages.formHeading}
      </h3>
      <p className="comment-form__intro">{commentMessages.intro}</p>
      <form
        ref={form}
        id={commentFormId}
        className="comment-form__form"
        method="post"
        action={commentsPath}
        aria-labelledby={headingId}
        noValidate
        aria-busy={pending}
        onSubmit={(event) => {
          setOutcome(null);
          void handleSubmit(onValid, (invalid) => {
            const first = commentFields.find((field) => invalid[field]);
            if (first) setFocus(first);
          })(event);
        }}
      >
        <input type="hidden" name="post" value={post} />
        <div className="comment-form__grid">
          <Field id={`${baseId}-name`} label={labels.name} error={errors.name?.message}>
            {(props) => (
              <input
                className="field__input"
                type="text"
                autoComplete="name"
                maxLength={commentRules.nameMax}
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
          <Field
            id={`${baseId}-comment`}
            label={labels.comment}
            error={errors.comment?.message}
            className="comment-form__wide"
          >
            {(props) => (
              <textarea
                className="field__input"
                rows={5}
                minLength={commentRules.minLength}
                maxLength={commentRules.maxLength}
                required
                {...control("comment", props)}
              />
            )}
          </Field>
        </div>
        <HoneypotField id={`${baseId}-website`} inputProps={register("website")} />
        <PrivacyNote text={commentMessages.privacyNotice} className="comment-form__privacy" />
        <div className="comment-form__footer">
          <SubmitButton
            pending={pending}
            label={commentMessages.submit}
            sendingLabel={commentMessages.sending}
            className="comment-form__submit"
          />
        </div>
        <FormOutcomeMessages outcome={outcome} className="comment-form__status" />
      </form>
    </div>
  );
}
