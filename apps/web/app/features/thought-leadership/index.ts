import { island } from "../../components/ui/island";

export { type ThoughtLeadershipProps } from "./thought-leadership";

/**
 * The Thought Leadership page body as the page uses it: prerendered in full (every article shown),
 * its code (the category filter) loaded once the visitor reaches for it (pointer, touch, focus); a
 * filter pressed before then is applied as soon as the code is there.
 */
export const ThoughtLeadership = island(
  "features/thought-leadership/thought-leadership-island.tsx",
  () => import("./thought-leadership-island"),
  "interaction",
);
