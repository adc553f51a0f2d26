import type { Locale } from "@site/shared/i18n";
import { useMutation } from "@tanstack/react-query";
import type { ApiSuccess, Comment } from "@site/shared/schemas";
import type { MessageTree } from "@site/shared/i18n/message-sources";
import { consentFields } from "../../components/ui/privacy-note";
import { ApiError, postJson, serverText } from "../../lib/api-client";

/** The endpoint this module owns. */
export const commentsPath = "/api/comments";

/** The request body: the parsed (trimmed) fields, the post, the page's signed start time, consent. */
export interface CommentRequest {
  name: string;
  email: string;
  comment: string;
  post: string;
  formStarted?: string;
  website?: string;
  page?: string;
  noticeVersion: string;
  /** The page's language: the API answers in it. */
  locale?: Locale;
}

export function toCommentRequest(
  comment: Comment,
  formStarted: string | undefined,
): CommentRequest {
  const { name, email, comment: text, post, website } = comment;
  return {
    name,
    email,
    comment: text,
    post,
    ...(formStarted ? { formStarted } : {}),
    ...(website ? { website } : {}),
    ...consentFields(),
  };
}

/** POSTs a comment request under its idempotency key (a repeat is answered, never stored twice). */
export function submitComment(input: {
  request: CommentRequest;
  idempotencyKey: string;
}): Promise<ApiSuccess> {
  return postJson(commentsPath, input.request, { idempotencyKey: input.idempotencyKey });
}

/** The mutation behind the comment form; never retried, so one click sends one comment. */
export function useSubmitComment() {
  return useMutation({ mutationFn: submitComment });
}

/** What the form says when sending failed: the server's reason (too fast, too many...) or a fallback. */
export function commentErrorMessage(error: unknown, messages: MessageTree): string {
  const { commentMessages } = messages;
  if (error instanceof ApiError) return serverText(error, messages) || commentMessages.failure;
  return commentMessages.unexpected;
}
