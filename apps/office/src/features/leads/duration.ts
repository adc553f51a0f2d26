export { formatDuration } from "../../lib/duration";

/** The time from a lead's arrival to its first answer, or null while unanswered. */
export function firstAnswerMs(lead: {
  createdAt: string;
  firstAnsweredAt: string | null;
}): number | null {
  if (!lead.firstAnsweredAt) return null;
  return Date.parse(lead.firstAnsweredAt) - Date.parse(lead.createdAt);
}
