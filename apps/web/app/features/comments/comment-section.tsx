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
 * appear without a rebuild and without JavaScript, and no script runs to show them. The hidden start
 * time sits outside the island (tied to its form by `form`), so the API can fill it in the served HTML
 * without React ever seeing a value it did not render.
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
        <input
          type="hidden"
          name="formStarted"
          form={commentFormId}
          data-form-started=""
          defaultValue=""
        />
        <CommentForm post={post} />
      </div>
    </section>
  );
}
