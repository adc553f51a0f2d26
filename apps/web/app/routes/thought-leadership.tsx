import { routeById } from "@site/shared/content";
import { ThoughtLeadership } from "../features/thought-leadership";
import { routeSeo } from "../lib/seo";

export const meta = () => routeSeo(routeById("thought-leadership"));

export const islands = [ThoughtLeadership];

export default function ThoughtLeadershipPage() {
  return <ThoughtLeadership />;
}
