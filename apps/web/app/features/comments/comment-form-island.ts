import { island } from "../../components/ui/island";

/**
 * The comment form as a post page uses it: prerendered in full, its code (validation, requests) loaded
 * only when the visitor reaches for it (pointer, touch, focus). Until then, and without JavaScript, it
 * posts to the API as a plain HTML form and the API answers with its small result page.
 */
export const CommentForm = island(
  "features/comments/comment-island.tsx",
  () => import("./comment-island"),
  "interaction",
);
