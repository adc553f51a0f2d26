import { fieldErrorsOf } from "@site/shared/schemas";
import {
  officeMessages,
  subscribersPageSize,
  subscribersQuerySchema,
  trendWeeks,
  type Subscriber,
  type SubscribersPage,
  type SubscribersQuery,
  type TrendWeek,
} from "@site/shared/office";
import { csvField } from "../common/csv.js";
import { lastWeeks } from "../common/firm-calendar.js";
import type { Clock } from "../ports/clock.js";
// The same opaque (createdAt, id) cursor as the leads' inbox.
import { decodeCursor, encodeCursor } from "../common/keyset-cursor.js";
import type { StaffRecord, StaffStore } from "../staff/port.js";
import type { SubscriberFilter, SubscriberOfficeStore, SubscriberRecord } from "./port.js";

type Invalid = { kind: "invalid"; fieldErrors: Record<string, string> };

/** The office's subscribers: the list, its CSV, and unsubscribing a person on their request. */
export interface SubscriberOfficeService {
  list(query: unknown): Promise<{ kind: "page"; page: SubscribersPage } | Invalid>;
  /** The CSV (`email,name,attributes`) of every subscriber under the filters, audited, or the error. */
  csv(
    query: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "csv"; rows: AsyncIterable<string> } | Invalid>;
  unsubscribe(
    id: string,
    me: StaffRecord,
  ): Promise<{ kind: "unsubscribed" | "already"; subscriber: Subscriber } | { kind: "not-found" }>;
  /** The last weeks' subscriptions and departures (the list's chart and the first screen's trend). */
  trend(): Promise<TrendWeek[]>;
}

export const toSubscriberAnswer = (record: SubscriberRecord): Subscriber => ({
  id: record.id,
  email: record.email,
  status: record.officeStatus,
  locale: record.locale,
  createdAt: record.createdAt.toISOString(),
  consent: {
    at: record.consent.at.toISOString(),
    page: record.consent.page,
    noticeVersion: record.consent.noticeVersion,
  },
  unsubscribedAt: record.unsubscribedAt?.toISOString() ?? null,
  unsubscribedBy: record.unsubscribedBy,
  confirmationSentAt: record.confirmationSentAt?.toISOString() ?? null,
});

/**
 * The attributes column newsletter tools import (a JSON object, as listmonk reads it): the state, the
 * language and the consent, so a list moved to another tool keeps its proof of consent.
 */
function attributes(record: SubscriberRecord): string {
  return JSON.stringify({
    status: record.officeStatus,
    locale: record.locale,
    subscribedAt: record.consent.at.toISOString(),
    consentPage: record.consent.page,
    noticeVersion: record.consent.noticeVersion,
    ...(record.unsubscribedAt ? { unsubscribedAt: record.unsubscribedAt.toISOString() } : {}),
  });
}

const dayMs = 24 * 60 * 60 * 1000;

/** The store's filter of a parsed query: `from` and `to` are UTC days, both included. */
export function subscriberFilterOf({
  status,
  locale,
  from,
  to,
  q,
}: SubscribersQuery): SubscriberFilter {
  return {
    status,
    locale,
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    before: to ? new Date(Date.parse(`${to}T00:00:00Z`) + dayMs) : undefined,
    q,
  };
}

export function createSubscriberOfficeService({
  store,
  clock,
}: {
  store: SubscriberOfficeStore & Pick<StaffStore, "recordAudit">;
  clock: Clock;
}): SubscriberOfficeService {
  const parse = (query: unknown) => {
    const parsed = subscribersQuerySchema.safeParse(query);
    if (!parsed.success)
      return { kind: "invalid" as const, fieldErrors: fieldErrorsOf(parsed.error) };
    const { cursor } = parsed.data;
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && after === null)
      return { kind: "invalid" as const, fieldErrors: { cursor: officeMessages.invalidCursor } };
    return { kind: "filter" as const, query: parsed.data, after };
  };

  const trend = async (): Promise<TrendWeek[]> => {
    const weeks = lastWeeks(clock.now(), trendWeeks);
    const moves = await store.subscriberMoves(weeks);
    return weeks.map(({ week }, index) => ({
      week,
      subscribed: moves[index]?.subscribed ?? 0,
      unsubscribed: moves[index]?.unsubscribed ?? 0,
    }));
  };

  return {
    trend,

    async list(query) {
      const parsed = parse(query);
      if (parsed.kind === "invalid") return parsed;
      const filter = subscriberFilterOf(parsed.query);
      const [page, counts, weeks] = await Promise.all([
        store.listSubscriberPage(filter, subscribersPageSize, parsed.after),
        store.countSubscribers(filter),
        trend(),
      ]);
      return {
        kind: "page",
        page: {
          items: page.items.map(toSubscriberAnswer),
          nextCursor: page.next ? encodeCursor(page.next) : null,
          counts,
          weeks,
        },
      };
    },

    async csv(query, me) {
      const parsed = parse(query);
      if (parsed.kind === "invalid") return parsed;
      const { cursor: _cursor, ...used } = parsed.query;
      const filter = subscriberFilterOf(used);
      // Recorded before the first row leaves: an export that fails midway was still an export.
      await store.recordAudit({
        actor: me.email,
        action: "subscribers.exported",
        target: null,
        // The filter used, one detail per filter given (details are strings).
        details: Object.fromEntries(
          Object.entries(used).filter(([, value]) => value !== undefined),
        ),
      });
      async function* rows(): AsyncIterable<string> {
        yield "email,name,attributes\r\n";
        for await (const batch of store.eachSubscriber(filter, 500))
          for (const record of batch)
            // No name is collected with a subscription: the column is there for the tools' format.
            yield `${[record.email, "", attributes(record)].map(csvField).join(",")}\r\n`;
      }
      return { kind: "csv", rows: rows() };
    },

    async unsubscribe(id, me) {
      const done = await store.unsubscribeByStaff(id, me.email, {
        actor: me.email,
        action: "subscriber.unsubscribed",
        target: id,
        details: { status: "unsubscribed", by: "staff, on the person's request" },
      });
      if (!done) return { kind: "not-found" };
      return { kind: done.outcome, subscriber: toSubscriberAnswer(done.subscriber) };
    },
  };
}
