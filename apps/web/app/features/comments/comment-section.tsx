import { commentThreadAttribute, commentThreadInnerHtml } from "@site/shared/blog";
import { useLocale, useMessages } from "../../i18n/messages";
import { intlLocales } from "@site/shared/i18n";
import { CommentForm } from "./comment-form-island";
import { commentFormId } from "./comment-form-id";
import "./comments.css";

export interface CommentSectionProps {
  /** The post's slug. */
  post: string;
}

/**
 * A post's comments: the approved thread and the form. The thread's slot is prerendered empty; the API
 * fills it with the approved comments as it serves the page (apps/admin-api/src/http/site.ts), so they
 * appear without a rebuild and without JavaScript, and no script runs to show them. The form's hidden
 * start time is not here: the post page writes it at the end of its body (CommentFormStartedField).
 */
export function CommentSection({ post }: CommentSectionProps) {
  const { commentMessages } = useMessages();
  const dateLocale = intlLocales[useLocale()];
  return (
    <section className="comments" id="comments" aria-labelledby="comments-heading">
      <div className="container comments__inner">
        <h2 id="comments-heading" className="comments__heading">
          {commentMessages.heading}
        </h2>
        <div
          className="comment-thread"
          {...{ [commentThreadAttribute]: "" }}
          dangerouslySetInnerHTML={{
            __html: commentThreadInnerHtml([], { dateLocale, messages: commentMessages }),
          }}
        />
        <CommentForm post={post} />
      </div>
    </section>
  );
}

/**
 * The comment form's hidden start time, tied to the form by `form`, which the API fills in as it serves
 * the page (the minimum fill time; apps/admin-api/src/http/site/post-page.ts). A post page writes it as
 * the very last element of its body (routes/blog-post.tsx, `EndOfBody`): with the one part that differs
 * in every answer at the end, the API compresses the rest of the page once and sends only the end as it
 * is. Outside the island, so React never sees a value it did not render.
 */
export function CommentFormStartedField() {
  return (
    <input
      type="hidden"
      name="formStarted"
      form={commentFormId}
      data-form-started=""
      defaultValue=""
    />
  );
}
