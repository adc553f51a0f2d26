import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas/plain";
import { dateOrNull, toLocale } from "../adapters/sqlite/rows.js";
import type { SqliteWriteSeam } from "../adapters/sqlite/write-seam.js";
import type { SqliteWriter } from "../adapters/sqlite/writer-port.js";
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

/** What the caller read of the address before composing its mails; the write goes ahead only if it holds. */
export type SubscriptionSeen = { id: string; unsubscribedAt: number | null } | null;

/** A subscription's write, on the writer's connection (writer.ts). */
export interface AddSubscription {
  subscription: NewSubscription;
  /** The id a new address gets. */
  newId: string;
  /** The address's row as read before `mails` were composed for it (null: none). */
  seen: SubscriptionSeen;
  mails: NewMail[];
  idempotency: IdempotencyClaim | undefined;
  at: number;
}

export interface Resubscribe {
  id: string;
  departedAt: number;
  consent?: ConsentInput | undefined;
  locale?: Locale | undefined;
  mails: NewMail[];
  at: number;
}

/** The newsletter's writes, on the writer's connection (writer.ts): plain data in, plain data out. */
export type SubscriptionWrites = ReturnType<typeof createSubscriptionWrites>;

export function createSubscriptionWrites(
  db: Database.Database,
  { insertMails, idempotency: { replayOf, rememberKey } }: SqliteWriteSeam,
) {
  const statements = {
    // A new address is inserted; a known one is left alone: an address that had unsubscribed comes back
    // only through resubscribe (Decision 10).
    insertSubscription: db.prepare<
      [string, string, number, number, number, string | null, string | null, Locale]
    >(
      `INSERT INTO subscriptions (id, email, status, created_at, updated_at, consent_at, consent_page, consent_notice_version,
                                  locale)
       VALUES (?, ?, 'subscribed', ?, ?, ?, ?, ?, ?)`,
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
    subscriptionByEmail: db.prepare<
      [string],
      Pick<SubscriptionRow, "id" | "status" | "unsubscribed_at">
    >(`SELECT id, status, unsubscribed_at FROM subscriptions WHERE email = ?`),
    unsubscribe: db.prepare<[number, number, string]>(
      `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ?, unsubscribed_by = NULL
       WHERE id = ? AND status = 'subscribed'`,
    ),
    // The office's "awaiting confirmation": a departed address's link to confirm was queued.
    confirmationSent: db.prepare<[number, string]>(
      `UPDATE subscriptions SET confirmation_sent_at = ? WHERE id = ?`,
    ),
  };

  return {
    /** "stale": the address's row is no longer what `seen` says; read again, compose again. */
    addSubscription({
      subscription: { email, consent, locale },
      newId,
      seen,
      mails,
      idempotency,
      at,
    }: AddSubscription): SubscribeResult | "stale" {
      // `departed` is recorded for an address that had left (keys from before it read as created).
      const replay = replayOf<{ id: string; departed?: boolean }>(idempotency);
      if (replay)
        return replay.departed
          ? { created: false, reason: "departed", id: replay.id, skipped: [], replayed: true }
          : { created: true, id: replay.id, skipped: [], replayed: true };
      const key = emailKey(email);
      // Inside the batch's IMMEDIATE transaction: nothing can change the row between this read and the write.
      const known = statements.subscriptionByEmail.get(key);
      if (known?.status === "subscribed") return { created: false, reason: "duplicate" };
      if (
        known?.id !== seen?.id ||
        (known?.unsubscribed_at ?? null) !== (seen?.unsubscribedAt ?? null)
      )
        return "stale";
      const id = known?.id ?? newId;
      if (!known)
        statements.insertSubscription.run(
          id,
          key,
          at,
          at,
          at,
          consent?.page ?? null,
          consent?.noticeVersion ?? null,
          locale ?? "en",
        );
      const skipped = insertMails(mails, null, at);
      // Known here means unsubscribed: the row stays as it is, only the link to confirm is queued.
      if (known && mails.length > skipped.length) statements.confirmationSent.run(at, id);
      if (known) {
        rememberKey(idempotency, { id, departed: true }, at);
        return { created: false, reason: "departed", id, skipped };
      }
      rememberKey(idempotency, { id }, at);
      return { created: true, id, skipped };
    },

    resubscribe({ id, departedAt, consent, locale, mails, at }: Resubscribe): ResubscribeResult {
      const row = statements.resubscribe.get(
        at,
        at,
        consent?.page ?? null,
        consent?.noticeVersion ?? null,
        locale ?? "en",
        id,
        departedAt,
      );
      if (!row) return { outcome: statements.subscriptionExists.get(id) ? "stale" : "unknown" };
      return { outcome: "resubscribed", skipped: insertMails(mails, null, at) };
    },

    unsubscribe({ id, at }: { id: string; at: number }): "unsubscribed" | "already" | "unknown" {
      if (statements.unsubscribe.run(at, at, id).changes === 1) return "unsubscribed";
      return statements.subscriptionExists.get(id) ? "already" : "unknown";
    },
  };
}

const withSubscriptionId = (mails: readonly NewMail[], id: string): NewMail[] =>
  mails.map((mail) => ({ ...mail, meta: { ...mail.meta, subscriptionId: id } }));

/**
 * The newsletter capability on SQLite: subscribing (with its mails), unsubscribing, coming back; each a
 * savepoint of the writer's batch, answered once the batch is on disk. A subscription's mails depend on
 * whether the address had left. The first attempt takes the address for a new one, as nearly every
 * address is, and reads nothing on this thread; the write goes ahead only if the row is as seen (none),
 * else ("stale") the row is read here and the mails composed again for what it says. An address already
 * subscribed is answered as a duplicate by the write itself, whatever was seen.
 */
export function createSqliteSubscriptions(
  db: Database.Database,
  now: () => number,
  writer: SqliteWriter<SubscriptionWrites>,
): SubscriptionStore {
  const statements = {
    subscriptionByEmail: db.prepare<[string], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE email = ?`,
    ),
    subscriptionById: db.prepare<[string], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE id = ?`,
    ),
    subscribers: db.prepare<[], SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE status = 'subscribed' ORDER BY created_at, rowid`,
    ),
  };
  /** A row that changes under every attempt means a loop somewhere, not a busy address. */
  const attempts = 5;

  return {
    async addSubscription(subscription, mails, idempotency) {
      const key = emailKey(subscription.email);
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        const known = attempt === 1 ? undefined : statements.subscriptionByEmail.get(key);
        const newId = randomUUID();
        const id = known?.id ?? newId;
        const composed =
          known?.status === "subscribed"
            ? []
            : withSubscriptionId(
                mails?.(id, { departedAt: known ? dateOrNull(known.unsubscribed_at) : null }) ?? [],
                id,
              );
        const result = await writer.run("addSubscription", {
          subscription,
          newId,
          seen: known ? { id: known.id, unsubscribedAt: known.unsubscribed_at } : null,
          mails: composed,
          idempotency,
          at: now(),
        });
        if (result !== "stale") return result;
      }
      throw new Error(`the subscription's row changed under ${attempts} attempts to write it`);
    },
    async resubscribe(id, departedAt, { consent, locale }, mails) {
      return writer.run("resubscribe", {
        id,
        departedAt: departedAt.getTime(),
        consent,
        locale,
        mails: withSubscriptionId(mails?.(id) ?? [], id),
        at: now(),
      });
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
      return writer.run("unsubscribe", { id, at: now() });
    },
    async listSubscribers() {
      return statements.subscribers.all().map(toSubscription);
    },
  };
}
