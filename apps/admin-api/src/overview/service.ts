import { trendWeeks, type Overview, type TrendWeek } from "@site/shared/office";
import {
  addDays,
  firmDay,
  lastWeeks,
  weekOf,
  workingDaysBefore,
  type Day,
} from "../common/firm-calendar.js";
import type { CommentStore } from "../comments/port.js";
import type { LeadFilter, LeadStore } from "../leads/port.js";
import type { MailStore } from "../mail/port.js";
import type { SubscriberOfficeStore } from "../newsletter/port.js";
import type { Clock } from "../ports/clock.js";

/**
 * The office's first screen: a figure from each list, each counted with exactly the filter its link
 * opens (the lists read `from` and `to` as UTC days), so the number and the list agree.
 */
export interface OverviewService {
  overview(): Promise<Overview>;
}

/** A UTC day's first moment and the moment after it, as the lists' `from` and `to` read them. */
const fromDay = (day: Day) => new Date(`${day}T00:00:00Z`);
const afterDay = (day: Day) => fromDay(addDays(day, 1));

/** A lead is unanswered after this many working days (common/firm-calendar.ts says what they are). */
export const unansweredAfterWorkingDays = 2;

export function createOverviewService({
  store,
  trend,
  clock,
}: {
  store: Pick<LeadStore, "leadStats"> &
    Pick<SubscriberOfficeStore, "countSubscribers"> &
    Pick<CommentStore, "countPendingComments"> &
    Pick<MailStore, "outboxCounts">;
  /** The subscribers' weekly moves (newsletter/office-service.ts). */
  trend: () => Promise<TrendWeek[]>;
  clock: Clock;
}): OverviewService {
  const total = (counts: object) =>
    Object.values(counts as Record<string, number>).reduce((sum, n) => sum + n, 0);
  const leadsUnder = (filter: LeadFilter) => store.leadStats(filter);

  return {
    async overview() {
      const now = clock.now();
      const today = firmDay(now);
      const weekFrom = weekOf(today);
      // Still new (a first reply moves a lead on) and in since two working days ended before today.
      const unansweredTo = workingDaysBefore(today, unansweredAfterWorkingDays);
      const medianFrom = lastWeeks(now, trendWeeks)[0]?.week ?? weekFrom;
      const [week, unanswered, answered, counts, weeks, pendingComments, outbox] =
        await Promise.all([
          leadsUnder({ from: fromDay(weekFrom) }),
          leadsUnder({ status: "new", before: afterDay(unansweredTo) }),
          leadsUnder({ from: fromDay(medianFrom) }),
          store.countSubscribers({}),
          trend(),
          store.countPendingComments(),
          store.outboxCounts(),
        ]);
      return {
        leads: {
          thisWeek: total(week.counts),
          weekFrom,
          unanswered: unanswered.counts.new,
          unansweredTo,
          medianFirstAnswerMs: answered.medianFirstAnswerMs,
          medianFrom,
        },
        subscribers: { counts, weeks },
        pendingComments,
        failedMails: outbox.failed,
      };
    },
  };
}
