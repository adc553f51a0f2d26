import { ThoughtLeadership } from "./thought-leadership";

/** What the island loads: the page body with its category filter (the shared articles). */
export default function ThoughtLeadershipIsland() {
  return <ThoughtLeadership />;
}
