import * as z from "zod/mini";
import { locales } from "../i18n/index.js";
import { freeText } from "../schemas/index.js";
import { officeLimits, subscriberStatuses } from "./constants.js";
import { officeMessages } from "./messages.js";
import { cursorParam, day, daysInOrder, optionalParam } from "./fields.js";

/*
 * The office's subscribers and its first screen: the wire contract of /api/office/subscribers*,
 * /api/office/overview (apps/admin-api/src/newsletter/office-*.ts, src/leads/office-overview*.ts).
 */

const isoDateTime = z.iso.datetime();

/**
 * GET /api/office/subscribers and /api/office/subscribers.csv: the filters, as query parameters.
 * `from` and `to` are UTC days, both included, of the first subscription. `q` is a part of the address
 * (no name is collected with a subscription).
 */
export const subscribersQuerySchema = z
  .object({
    status: optionalParam(z.enum(subscriberStatuses, { error: officeMessages.invalidRequest })),
    locale: optionalParam(z.enum(locales, { error: officeMessages.invalidRequest })),
    from: optionalParam(day),
    to: optionalParam(day),
    q: optionalParam(z.string().check(...freeText(officeLimits.search))),
    cursor: optionalParam(cursorParam(officeLimits.cursor)),
  })
  .check(daysInOrder);
export type SubscribersQuery = z.infer<typeof subscribersQuerySchema>;

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  locale: z.enum(locales),
  /** The first subscription. */
  createdAt: isoDateTime,
  /** The consent of the current subscription: when, on which page, under which notice version. */
  consent: z.object({
    at: isoDateTime,
    page: z.nullable(z.string()),
    noticeVersion: z.nullable(z.string()),
  }),
  unsubscribedAt: z.nullable(isoDateTime),
  /** The staff member who unsubscribed them on their request; null when they did it themselves. */
  unsubscribedBy: z.nullable(z.string()),
  /** When the link to confirm a return was mailed (status `pending`); null otherwise. */
  confirmationSentAt: z.nullable(isoDateTime),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

const statusCounts = z.object({
  subscribed: z.number(),
  pending: z.number(),
  unsubscribed: z.number(),
});
export type SubscriberCounts = z.infer<typeof statusCounts>;

/** One week of the trend: its Monday (UTC day), the subscriptions and the departures in it. */
export const trendWeekSchema = z.object({
  week: z.string(),
  subscribed: z.number(),
  unsubscribed: z.number(),
});
export type TrendWeek = z.infer<typeof trendWeekSchema>;

/**
 * The answer of GET /api/office/subscribers: a page (newest first), the next page's cursor, the
 * count per status under the other filters, and the last weeks' subscriptions and departures (of all).
 */
export const subscribersPageSchema = z.object({
  items: z.array(subscriberSchema),
  nextCursor: z.nullable(z.string()),
  counts: statusCounts,
  weeks: z.array(trendWeekSchema),
});
export type SubscribersPage = z.infer<typeof subscribersPageSchema>;

/** POST /api/office/subscribers/:id/unsubscribe (no body): the subscriber as it now is. */
export const subscriberAnswerSchema = z.object({ subscriber: subscriberSchema });
export type SubscriberAnswer = z.infer<typeof subscriberAnswerSchema>;

/**
 * GET /api/office/overview: the first screen's figures. Days are UTC days as the lists' filters read
 * them, so each figure's link shows exactly the items it counts.
 */
export const overviewSchema = z.object({
  leads: z.object({
    /** Leads that arrived since `weekFrom` (this week's Monday in Nairobi). */
    thisWeek: z.number(),
    weekFrom: z.string(),
    /** Leads still `new` (never answered) that arrived on or before `unansweredTo`, two working days ago. */
    unanswered: z.number(),
    unansweredTo: z.string(),
    /** The median time to first answer of the leads that arrived since `medianFrom` (12 weeks). */
    medianFirstAnswerMs: z.nullable(z.number()),
    medianFrom: z.string(),
  }),
  subscribers: z.object({ counts: statusCounts, weeks: z.array(trendWeekSchema) }),
  pendingComments: z.number(),
  failedMails: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;
