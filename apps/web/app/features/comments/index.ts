export {
  CommentFormStartedField,
  CommentSection,
  type CommentSectionProps,
} from "./comment-section";
export { CommentForm } from "./comment-form-island";
