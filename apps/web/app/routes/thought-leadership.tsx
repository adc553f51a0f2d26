import type { PageInfo } from "../lib/seo";
import { ThoughtLeadership } from "../features/thought-leadership";
import { routeSeo } from "../lib/seo";

export const meta = (page: PageInfo) => routeSeo("thought-leadership", page);

export const islands = [ThoughtLeadership];

export default function ThoughtLeadershipPage() {
  return <ThoughtLeadership />;
}
