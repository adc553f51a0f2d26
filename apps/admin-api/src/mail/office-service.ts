import { fieldErrorsOf } from "@site/shared/schemas";
import {
  outboxPageSize,
  outboxQuerySchema,
  type OutboxMail as OutboxMailAnswer,
  type OutboxMailSummary,
  type OutboxPage,
  type OutboxState,
} from "@site/shared/office";
import { officeMessages } from "@site/shared/office";
import { decodeCursor, encodeCursor } from "../common/keyset-cursor.js";
import type { Clock } from "../ports/clock.js";
import { utcDay } from "./limit-window.js";
import {
  mailLocale,
  type MailState,
  type MailStore,
  type OutboxFilter,
  type OutboxMail,
  type OutboxOfficeStore,
} from "./port.js";
import { withholdLinkKeys } from "./withheld-links.js";

type Invalid = { kind: "invalid"; fieldErrors: Record<string, string> };

/** The mail outbox screen's use cases (routes in mail/office-routes.ts). */
export interface OfficeOutbox {
  list(query: unknown): Promise<{ kind: "page"; page: OutboxPage } | Invalid>;
  get(id: string): Promise<OutboxMailAnswer | null>;
  /** Staff's one retry of a failed mail (OutboxOfficeStore.retryFailedMail), audited as `by`. */
  retry(
    id: string,
    by: { email: string },
  ): Promise<
    | { kind: "retried"; mail: OutboxMailAnswer }
    | { kind: "not-found" }
    | { kind: "not-failed" }
    | { kind: "already-retried" }
  >;
}

const stateNames: Record<MailState, OutboxState> = {
  PENDING: "queued",
  PROCESSING: "sending",
  SUCCESS: "sent",
  ERROR: "failed",
  HELD: "held",
};
const storeStates = Object.fromEntries(
  Object.entries(stateNames).map(([store, office]) => [office, store]),
) as Record<OutboxState, MailState>;

const dayMs = 24 * 60 * 60 * 1000;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toOutboxSummary = (mail: OutboxMail): OutboxMailSummary => {
  const { state, error } = mail.delivery;
  const held = state === "HELD";
  return {
    id: mail.id,
    kind: mail.meta.kind,
    to: mail.message.to,
    locale: mailLocale(mail.message),
    state: stateNames[state],
    heldBy: held && (error === "recipient-limit" || error === "daily-cap") ? error : null,
    attempts: mail.delivery.attempts,
    lastAnswer: held ? null : error,
    createdAt: mail.createdAt.toISOString(),
    attemptedAt: iso(mail.delivery.startTime),
    finishedAt: iso(mail.delivery.endTime),
    nextAttemptAt: state === "PENDING" ? mail.delivery.nextAttemptAt.toISOString() : null,
    retriedAt: iso(mail.retriedAt),
  };
};

/**
 * A mail as its page shows it. The text body only while kept: the retention job (workers/retention.ts,
 * MAIL_BODY_RETENTION_DAYS) empties the bodies of finished mails, and a held mail's was never kept. Its
 * links' keys are withheld (withheld-links.ts): a sign-in link in the outbox is no way into the office.
 */
export const toOutboxMail = (mail: OutboxMail): OutboxMailAnswer => {
  const held = mail.delivery.state === "HELD";
  const kept = !held && mail.bodyPurgedAt === null;
  return {
    ...toOutboxSummary(mail),
    replyTo: mail.message.replyTo ?? null,
    messageId: mail.delivery.messageId,
    body: kept
      ? { kept: true, subject: mail.message.subject, text: withholdLinkKeys(mail.message.text) }
      : {
          kept: false,
          subject: mail.message.subject,
          removedAt: held ? null : iso(mail.bodyPurgedAt),
        },
    retryable: mail.delivery.state === "ERROR" && mail.retriedAt === null,
  };
};

export function createOfficeOutbox({
  store,
  dailyCap,
  clock,
  onMailQueued = () => undefined,
}: {
  store: Pick<MailStore, "outboxCounts"> & OutboxOfficeStore;
  /** MAIL_AUTOMATIC_DAILY_CAP, which the screen shows the day's count against. */
  dailyCap: number;
  clock: Clock;
  /** Wakes the outbox worker once a retried mail is queued again, so it leaves at once. */
  onMailQueued?: () => void;
}): OfficeOutbox {
  return {
    async list(query) {
      const parsed = outboxQuerySchema.safeParse(query);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { state, kind, locale, recipient, from, to, cursor } = parsed.data;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && after === null)
        return { kind: "invalid", fieldErrors: { cursor: officeMessages.invalidCursor } };
      const filter: OutboxFilter = {
        state: state ? storeStates[state] : undefined,
        kind,
        locale,
        recipient: recipient || undefined,
        from: from ? new Date(`${from}T00:00:00Z`) : undefined,
        before: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + dayMs) : undefined,
      };
      const now = clock.now();
      const [page, counts, today] = await Promise.all([
        store.listOutbox(filter, outboxPageSize, after),
        store.outboxCounts(),
        store.automaticMailsToday(now),
      ]);
      return {
        kind: "page",
        page: {
          items: page.items.map(toOutboxSummary),
          nextCursor: page.next ? encodeCursor(page.next) : null,
          counts,
          cap: { day: utcDay(now.getTime()), count: today, cap: dailyCap },
        },
      };
    },

    async get(id) {
      const mail = await store.getOutboxMail(id);
      return mail ? toOutboxMail(mail) : null;
    },

    async retry(id, by) {
      const outcome = await store.retryFailedMail(id, by.email, clock.now());
      if (outcome.kind !== "retried") return outcome;
      onMailQueued();
      return { kind: "retried", mail: toOutboxMail(outcome.mail) };
    },
  };
}
