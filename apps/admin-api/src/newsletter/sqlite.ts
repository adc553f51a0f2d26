import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas";
import { dateOrNull, toLocale } from "../adapters/sqlite/rows.js";
import type { SqliteWriteSeam } from "../adapters/sqlite/write-seam.js";
import type { NewMail } from "../mail/port.js";
import type { ConsentInput } from "../common/consent-record.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type {
  NewSubscription,
  ResubscribeResult,
  SubscribeResult,
  SubscriptionRecord,
  SubscriptionStore,
} from "./port.js";

export interface SubscriptionRow {
  id: string;
  email: string;
  status: SubscriptionRecord["status"];
  created_at: number;
  updated_at: number;
  consent_at: number | null;
  consent_page: string | null;
  consent_notice_version: string | null;
  unsubscribed_at: number | null;
  locale: string;
}

export function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    locale: toLocale(row.locale),
    consent: {
      at: new Date(row.consent_at ?? row.created_at),
      page: row.consent_page,
      noticeVersion: row.consent_notice_version,
    },
    unsubscribedAt: dateOrNull(row.unsubscribed_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The newsletter capability on SQLite: subscribing (with its mails), unsubscribing, coming back; each a
 * savepoint of the group commit's batch, answered once the batch is on disk.
 */
export function createSqliteSubscriptions(
  db: Database.Database,
  now: () => number,
  {
    insertMails,
    idempotency,
    commits,
  }: SqliteWriteSeam,
): SubscriptionStore {
  const { replayOf, rememberKey } = idempotency;
  const statements = {
    // A new address is inserted; a known one, subscribed or not, is left alone (no row returned): an
    // address that had unsubscribed comes back only through resubscribe (Decision 10).
    insertSubscription: db.prepare<
      [string, string, number, number, number, string | null, string | null, Locale],
      { id: string }
    >(
      `INSERT INTO subscriptions (id, email, status, created_at, updated_at, consent_at, consent_page, consent_notice_version,
                                  locale)
       VALUES (?, ?, 'subscribed', ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING
       RETURNING id`,
    ),
    // One statement: only a subscription still unsubscribed since that very moment comes back.
    resubscribe: db.prepare<
      [number, number, string | null, string | null, Locale, string, number],
      { id: string }
    >(
      `UPDATE subscriptions SET status = 'subscribed', unsubscribed_at = NULL, updated_at = ?, consent_at = ?,
         consent_page = ?, consent_notice_version = ?, locale = ?, confirmation_sent_at = NULL,
         unsubscribed_by = NULL
       WHERE id = ? AND status = 'unsubscribed' AND unsubscribed_at = ?
       RETURNING id`,
    ),
    subscriptionExists: db.prepare<[string], { id: string }>(
      `SELECT id FROM subscriptions WHERE id = ?`,
    ),
    subscriptionByEmail: db.prepare<[string], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE email = ?`,
    ),
    subscriptionById: db.prepare<[string], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE id = ?`,
    ),
    unsubscribe: db.prepare<[number, number, string]>(
      `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ?, unsubscribed_by = NULL
       WHERE id = ? AND status = 'subscribed'`,
    ),
    // The office's "awaiting confirmation": a departed address's link to confirm was queued.
    confirmationSent: db.prepare<[number, string]>(
      `UPDATE subscriptions SET confirmation_sent_at = ? WHERE id = ?`,
    ),
    subscribers: db.prepare<[], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE status = 'subscribed' ORDER BY created_at, rowid`,
    ),
  };

  const addSubscription = db.transaction(
    (
      { email, consent, locale }: NewSubscription,
      mails:
        ((subscriptionId: string, context: { departedAt: Date | null }) => NewMail[]) | undefined,
      idempotency: IdempotencyClaim | undefined,
    ): SubscribeResult => {
      // `departed` is recorded for an address that had left (keys from before it read as created).
      const replay = replayOf<{ id: string; departed?: boolean }>(idempotency);
      if (replay)
        return replay.departed
          ? { created: false, reason: "departed", id: replay.id, skipped: [], replayed: true }
          : { created: true, id: replay.id, skipped: [], replayed: true };
      const at = now();
      const key = emailKey(email);
      const inserted = statements.insertSubscription.get(
        randomUUID(),
        key,
        at,
        at,
        at,
        consent?.page ?? null,
        consent?.noticeVersion ?? null,
        locale ?? "en",
      );
      const known = inserted ? null : statements.subscriptionByEmail.get(key);
      if (known?.status === "subscribed") return { created: false, reason: "duplicate" };
      // Known here means unsubscribed: the row stays as it is, only the link to confirm is queued.
      const id = inserted?.id ?? known?.id;
      if (id === undefined) throw new Error("subscription neither inserted nor found");
      const departedAt = known ? dateOrNull(known.unsubscribed_at) : null;
      // Built inside the transaction, after the read: a mail that fails to compose or store rolls it all back.
      const composed = (mails?.(id, { departedAt }) ?? []).map((mail) => ({
        ...mail,
        meta: { ...mail.meta, subscriptionId: id },
      }));
      const skipped = insertMails(composed, null, at);
      if (known && composed.length > skipped.length) statements.confirmationSent.run(at, id);
      if (known) {
        rememberKey(idempotency, { id, departed: true }, at);
        return { created: false, reason: "departed", id, skipped };
      }
      rememberKey(idempotency, { id }, at);
      return { created: true, id, skipped };
    },
  );

  const resubscribe = db.transaction(
    (
      id: string,
      departedAt: Date,
      { consent, locale }: { consent?: ConsentInput | undefined; locale?: Locale | undefined },
      mails: ((subscriptionId: string) => NewMail[]) | undefined,
    ): ResubscribeResult => {
      const at = now();
      const row = statements.resubscribe.get(
        at,
        at,
        consent?.page ?? null,
        consent?.noticeVersion ?? null,
        locale ?? "en",
        id,
        departedAt.getTime(),
      );
      if (!row) return { outcome: statements.subscriptionExists.get(id) ? "stale" : "unknown" };
      const composed = (mails?.(id) ?? []).map((mail) => ({
        ...mail,
        meta: { ...mail.meta, subscriptionId: id },
      }));
      return { outcome: "resubscribed", skipped: insertMails(composed, null, at) };
    },
  );

  return {
    async addSubscription(subscription, mails, idempotency) {
      return commits.write(() => addSubscription(subscription, mails, idempotency));
    },
    async resubscribe(id, departedAt, renewal, mails) {
      return commits.write(() => resubscribe(id, departedAt, renewal, mails));
    },
    async getSubscriptionByEmail(email) {
      const row = statements.subscriptionByEmail.get(emailKey(email));
      return row ? toSubscription(row) : null;
    },
    async getSubscription(id) {
      const row = statements.subscriptionById.get(id);
      return row ? toSubscription(row) : null;
    },
    async unsubscribe(id) {
      return commits.write(() => {
        const at = now();
        if (statements.unsubscribe.run(at, at, id).changes === 1) return "unsubscribed";
        return statements.subscriptionById.get(id) ? "already" : "unknown";
      });
    },
    async listSubscribers() {
      return statements.subscribers.all().map(toSubscription);
    },
  };
}
