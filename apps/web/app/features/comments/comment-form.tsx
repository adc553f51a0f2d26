import { useId } from "react";
import {
  commentFields,
  commentInputSchema,
  commentRules,
  type Comment,
  type CommentField,
  type CommentInput,
} from "@site/shared/schemas";
import { Field, HoneypotField } from "../../components/ui/field";
import { NameEmailFields } from "../../components/ui/name-email-fields";
import { PrivacyNote } from "../../components/ui/privacy-note";
import { schemaResolver } from "../../components/ui/schema-resolver";
import { FormOutcomeMessages, SubmitButton } from "../../components/ui/form-parts";
import { useFormSubmission } from "../../components/ui/use-form-submission";
import { useSchemaForm } from "../../components/ui/use-schema-form";
import { commentFormId } from "./comment-form-id";
import { useMessages } from "../../i18n/messages";
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

const emptyForm: Required<Pick<CommentInput, CommentField | "website">> = {
  name: "",
  email: "",
  comment: "",
  website: "",
};

/**
 * "Leave a comment": name, email (never shown), comment. Validated with the shared schema the API runs
 * too: on submit, then each field again when it is left; a field's error goes as soon as it is edited,
 * and focus moves to the first invalid field (components/ui/use-schema-form.ts). On success the form is
 * cleared and says the comment will appear once approved; a refusal (too fast, too many) is said in the
 * server's own words.
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
  const form = useSchemaForm<CommentInput, Comment, CommentField>({
    resolver: schemaResolver<CommentInput, Comment>(commentInputSchema, messages),
    fields: commentFields,
    empty: emptyForm,
    extra: { post },
  });
  const { errors, register, control } = form;
  const submission = useFormSubmission({
    mutation: useSubmitComment(),
    accepted: () => {
      form.clear();
      return commentMessages.success;
    },
    refused: (error) => {
      form.showServerErrors(error);
      return commentErrorMessage(error, messages);
    },
  });
  const { outcome, pending } = submission;

  const onValid = (comment: Comment, element: HTMLFormElement) => {
    // The start time the API wrote into the page, outside this island (see comment-section.tsx).
    const started = element.elements.namedItem("formStarted");
    const formStarted = started instanceof HTMLInputElement ? started.value : undefined;
    submission.submit(toCommentRequest({ ...comment, post }, formStarted), comment.name);
  };

  return (
    <div className="comment-form">
      <h3 className="comment-form__heading" id={headingId}>
        {commentMessages.formHeading}
      </h3>
      <p className="comment-form__intro">{commentMessages.intro}</p>
      <form
        id={commentFormId}
        className="comment-form__form"
        method="post"
        action={commentsPath}
        aria-labelledby={headingId}
        noValidate
        aria-busy={pending}
        onSubmit={form.onSubmit(() => submission.setOutcome(null), onValid)}
      >
        <input type="hidden" name="post" value={post} />
        <div className="comment-form__grid">
          <NameEmailFields
            idPrefix={baseId}
            labels={labels}
            errors={{ name: errors.name?.message, email: errors.email?.message }}
            control={control}
            nameMaxLength={commentRules.nameMax}
          />
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
