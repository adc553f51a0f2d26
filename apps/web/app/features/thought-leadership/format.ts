/** Display helpers for the Thought Leadership page; pure, so prerender and hydration agree. */
import { categoryNames } from "@site/shared/messages";

export { formatDate as formatArticleDate } from "../../lib/format";

/**
 * A category's name in the page's language (`names`, from its messages); a category outside the
 * shared ten (a test's own) in title case.
 */
export function categoryLabel(
  category: string,
  names: Readonly<Record<string, string>> = categoryNames,
): string {
  return (
    names[category.toUpperCase()] ??
    category
      .toLowerCase()
      .split(/(\s+)/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join("")
  );
}
