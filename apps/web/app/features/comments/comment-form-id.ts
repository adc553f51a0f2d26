/** The comment form's id: the start time's hidden input outside the island names it in its `form`. */
export const commentFormId = "comment-form";
