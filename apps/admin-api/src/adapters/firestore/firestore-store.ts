import { randomUUID } from "node:crypto";
import {
  FieldValue,
  GrpcStatus,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { isLocale, type Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas";
import type { DataKey } from "../../domain/data-key.js";
import { automaticMailWindowMs, utcDay } from "../mail-limit-window.js";
import {
  IdempotencyKeyReusedError,
  type ClaimedMail,
  type CommentRecord,
  type CommentStatus,
  type ConsentInput,
  type ContactRecord,
  type ErasureRecord,
  type IdempotencyClaim,
  type MailClaim,
  type MailRecord,
  type NewComment,
  type NewContact,
  type NewMail,
  type SkippedMail,
  type Store,
  type SubscribeResult,
  type SubscriptionRecord,
} from "../../ports/store.js";
import {
  claimedMailDocument,
  isClaimable,
  newMailDocument,
  parseMailDocument,
  readMailDocument,
  setAsideFields,
  toMailRecord,
} from "./mail-document.js";

export interface FirestoreStoreOptions {
  /** A firebase-admin Firestore instance; main.ts builds it (and points it at an emulator when configured). */
  firestore: Firestore;
  /**
   * The keyed hash (domain/data-key.ts) that names documents after an email address: a bare hash of an
   * address is no secret (anyone can hash a list of addresses and compare). Its `legacy` key finds the
   * subscriptions named before it (see subscriptionDocumentId).
   */
  dataKey: DataKey;
}

/** Collection names: the spec's two plus the outbox in the "Trigger Email" extension's default collection. */
export const FIRESTORE_COLLECTIONS = {
  subscriptions: "subscriptions",
  contacts: "contacts",
  /** Blog comments: pending until the firm decides (approved, rejected, spam). */
  comments: "comments",
  mail: "mail",
  /** One document per erasure of a person's data: when, and the keyed hash of the address. */
  erasures: "erasures",
  /** One document per claim of a mail (`<mail id>-<claim number>`): see claimOne. */
  mailClaims: "mailClaims",
  /**
   * The automatic-mail limits' counters (ports/store.ts, AutomaticMailLimit): `{recipient key}` holds the
   * times of that recipient's limited mails in the last 24 hours, `day-YYYY-MM-DD` that UTC day's count.
   */
  mailLimits: "mailLimits",
  /** Submissions' idempotency keys (`<scope>-<key>`): fingerprint, the first write's result, expiresAt. */
  idempotencyKeys: "idempotencyKeys",
} as const;

/** How long a claim's lock document is kept (for a TTL policy on `expireAt`); any lease is far shorter. */
const claimLockRetentionMs = 7 * 24 * 60 * 60 * 1000;

/**
 * The subscription's document id: the email itself is a poor id (it may contain "/", and ids show up in
 * logs), its keyed hash is deterministic, so create() on it is the race-free unique key.
 */
export function subscriptionDocumentId(dataKey: DataKey, email: string): string {
  return dataKey(email);
}

/**
 * The ids a subscription stored before the data key had its own purpose key may have: the legacy key of
 * the address as the form stored it then (trimmed and lower-cased, but not NFC), composed or decomposed.
 * Such a document keeps its id, which the unsubscribe links already mailed sign: the adapter looks for it
 * wherever it looks for the current id, so an address never gets a second subscription beside it.
 */
export function legacySubscriptionDocumentIds(dataKey: DataKey, email: string): string[] {
  const key = emailKey(email);
  return [...new Set([key, key.normalize("NFD")].map((spelling) => dataKey.legacy(spelling)))];
}

/**
 * The spellings of an address's key that documents written before the key was NFC may hold: the key
 * itself and its decomposed form (`e` + combining acute for `é`). Documents written since hold the key.
 */
function keySpellings(email: string): string[] {
  const key = emailKey(email);
  return [...new Set([key, key.normalize("NFD")])];
}

/** What `readMailLimits` decided for the mails of one write. */
interface MailLimitPlan {
  accepted: NewMail[];
  skipped: SkippedMail[];
  /**
   * Stores the counters of the accepted limited mails, and queues the firm's daily-cap notice when this
   * write is the first of its UTC day that the cap refused; call after the write's other writes are queued.
   */
  write(transaction: Transaction): void;
}

/** Ids that Firestore would reject or read as a path (a caller-supplied id never reaches doc() unchecked). */
function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    Buffer.byteLength(id, "utf8") <= 1500 &&
    !id.includes("/") &&
    id !== "." &&
    id !== ".." &&
    !/^__.*__$/.test(id)
  );
}

function hasGrpcCode(error: unknown, code: GrpcStatus): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

function requireTimestamp(snapshot: DocumentSnapshot, field: string): Date {
  const value: unknown = snapshot.get(field);
  if (!(value instanceof Timestamp))
    throw new Error(`${snapshot.ref.path}: ${field} is not a timestamp`);
  return value.toDate();
}

function requireString(snapshot: DocumentSnapshot, field: string): string {
  const value: unknown = snapshot.get(field);
  if (typeof value !== "string") throw new Error(`${snapshot.ref.path}: ${field} is not a string`);
  return value;
}

const stringOrNull = (snapshot: DocumentSnapshot, field: string): string | null => {
  const value: unknown = snapshot.get(field);
  return typeof value === "string" ? value : null;
};

const timestampOrNull = (snapshot: DocumentSnapshot, field: string): Date | null => {
  const value: unknown = snapshot.get(field);
  return value instanceof Timestamp ? value.toDate() : null;
};

/**
 * Consent fields of a subscription or contact document, at the top level (the emulator applies server
 * timestamps to top-level fields reliably). Documents from before they existed read as page and version
 * null, given at createdAt.
 */
function consentFields(consent: ConsentInput | undefined): DocumentData {
  return {
    consentAt: FieldValue.serverTimestamp(),
    consentPage: consent?.page ?? null,
    consentNoticeVersion: consent?.noticeVersion ?? null,
  };
}

/** A document's language: a `locale` field, absent for English (as on every document from before it). */
function toLocale(snapshot: DocumentSnapshot): Locale {
  const locale: unknown = snapshot.get("locale");
  return isLocale(locale) ? locale : "en";
}

/** The `locale` field of a new document: left out for English, so an English document is as before. */
function localeField(locale: Locale | undefined): DocumentData {
  return locale === undefined || locale === "en" ? {} : { locale };
}

function toConsent(snapshot: DocumentSnapshot): ContactRecord["consent"] {
  return {
    at: timestampOrNull(snapshot, "consentAt") ?? requireTimestamp(snapshot, "createdAt"),
    page: stringOrNull(snapshot, "consentPage"),
    noticeVersion: stringOrNull(snapshot, "consentNoticeVersion"),
  };
}

function toSubscription(snapshot: DocumentSnapshot): SubscriptionRecord {
  return {
    id: snapshot.id,
    email: requireString(snapshot, "email"),
    status: snapshot.get("status") === "unsubscribed" ? "unsubscribed" : "subscribed",
    locale: toLocale(snapshot),
    consent: toConsent(snapshot),
    unsubscribedAt: timestampOrNull(snapshot, "unsubscribedAt"),
    createdAt: requireTimestamp(snapshot, "createdAt"),
    updatedAt: requireTimestamp(snapshot, "updatedAt"),
  };
}

function toContact(snapshot: DocumentSnapshot): ContactRecord {
  const phone: unknown = snapshot.get("phone");
  return {
    id: snapshot.id,
    name: requireString(snapshot, "name"),
    email: requireString(snapshot, "email"),
    ...(typeof phone === "string" ? { phone } : {}),
    subject: requireString(snapshot, "subject"),
    description: requireString(snapshot, "description"),
    status: "new",
    locale: toLocale(snapshot),
    // A contact's consent is given when it is sent.
    consent: { ...toConsent(snapshot), at: requireTimestamp(snapshot, "createdAt") },
    createdAt: requireTimestamp(snapshot, "createdAt"),
    updatedAt: requireTimestamp(snapshot, "updatedAt"),
  };
}

function newContactDocument(contact: NewContact): DocumentData {
  const now = FieldValue.serverTimestamp();
  return {
    name: contact.name,
    email: contact.email,
    // Left out rather than null when absent: Firestore rejects undefined, and "no phone" reads back as such.
    ...(contact.phone === undefined ? {} : { phone: contact.phone }),
    subject: contact.subject,
    description: contact.description,
    status: "new",
    createdAt: now,
    updatedAt: now,
    consentPage: contact.consent?.page ?? null,
    consentNoticeVersion: contact.consent?.noticeVersion ?? null,
    ...localeField(contact.locale),
    // The address as typed is kept; its key finds the person's contacts however it was typed.
    emailKey: emailKey(contact.email),
  };
}

const commentStatusValues: readonly string[] = ["pending", "approved", "rejected", "spam"];

function toComment(snapshot: DocumentSnapshot): CommentRecord {
  const status = requireString(snapshot, "status");
  if (!commentStatusValues.includes(status))
    throw new Error(`${snapshot.ref.path}: status is not a comment status`);
  return {
    id: snapshot.id,
    post: requireString(snapshot, "post"),
    name: requireString(snapshot, "name"),
    email: requireString(snapshot, "email"),
    text: requireString(snapshot, "text"),
    status: status as CommentStatus,
    locale: toLocale(snapshot),
    consent: { ...toConsent(snapshot), at: requireTimestamp(snapshot, "createdAt") },
    createdAt: requireTimestamp(snapshot, "createdAt"),
    updatedAt: requireTimestamp(snapshot, "updatedAt"),
    moderatedAt: timestampOrNull(snapshot, "moderatedAt"),
  };
}

function newCommentDocument(comment: NewComment): DocumentData {
  const now = FieldValue.serverTimestamp();
  return {
    post: comment.post,
    name: comment.name,
    email: comment.email,
    // The address as typed is kept; its key finds the person's comments however it was typed.
    emailKey: emailKey(comment.email),
    text: comment.text,
    status: "pending",
    createdAt: now,
    updatedAt: now,
    moderatedAt: null,
    consentPage: comment.consent?.page ?? null,
    consentNoticeVersion: comment.consent?.noticeVersion ?? null,
    ...localeField(comment.locale),
  };
}

const byCreatedAtThenCommentId = (a: CommentRecord, b: CommentRecord): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function toErasure(snapshot: DocumentSnapshot): ErasureRecord {
  const deleted: unknown = snapshot.get("deleted");
  const count = (key: string): number => {
    const value: unknown = (deleted as Record<string, unknown> | undefined)?.[key];
    return typeof value === "number" ? value : 0;
  };
  return {
    id: snapshot.id,
    addressHash: requireString(snapshot, "addressHash"),
    erasedAt: requireTimestamp(snapshot, "erasedAt"),
    deleted: {
      subscriptions: count("subscriptions"),
      contacts: count("contacts"),
      comments: count("comments"),
      mails: count("mails"),
    },
  };
}

const byCreatedAtThenId = (a: MailRecord, b: MailRecord): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The Store port on Cloud Firestore through firebase-admin. Queries touch only top-level fields and avoid
 * collectionGroup, listCollections, cursors and BulkWriter, so the same code runs against
 * @firestore-emulator/server in the contract tests. One composite index is needed in production:
 * mail (state ASC, createdAt ASC), for the oldest-pending query in outboxStats.
 */
export function createFirestoreStore({ firestore, dataKey }: FirestoreStoreOptions): Store {
  const subscriptions = firestore.collection(FIRESTORE_COLLECTIONS.subscriptions);
  const contacts = firestore.collection(FIRESTORE_COLLECTIONS.contacts);
  const comments = firestore.collection(FIRESTORE_COLLECTIONS.comments);
  const mail: CollectionReference = firestore.collection(FIRESTORE_COLLECTIONS.mail);
  const mailClaims = firestore.collection(FIRESTORE_COLLECTIONS.mailClaims);
  const backlog: Query = mail.where("state", "in", ["PENDING", "PROCESSING"]);
  const erasures = firestore.collection(FIRESTORE_COLLECTIONS.erasures);
  const mailLimits = firestore.collection(FIRESTORE_COLLECTIONS.mailLimits);
  const idempotencyKeys = firestore.collection(FIRESTORE_COLLECTIONS.idempotencyKeys);
  /** Where an address's subscription may be: its id first, then its legacy ids. */
  const subscriptionRefs = (email: string) =>
    [subscriptionDocumentId(dataKey, email), ...legacySubscriptionDocumentIds(dataKey, email)].map(
      (id) => subscriptions.doc(id),
    );

  /**
   * Reads a write's idempotency key inside its transaction, before any write: `replay` is the first
   * write's result while the key holds; otherwise `remember` records the key with this write's result.
   * A new key is written with create(), so of two copies racing only one commits; the other fails with
   * ALREADY_EXISTS and, run again, is answered from the winner's key. Call `remember` before the write's
   * other writes: real Firestore commits all or nothing, but the emulator the tests use applies a commit's
   * writes in order and stops at the failing one.
   */
  const readIdempotencyKey = async <Result extends object>(
    transaction: Transaction,
    claim: IdempotencyClaim | undefined,
  ): Promise<{ replay: Result | null; remember: (result: Result) => void }> => {
    if (!claim) return { replay: null, remember: () => undefined };
    const ref = idempotencyKeys.doc(`${claim.scope}-${claim.key}`);
    const snapshot = await transaction.get(ref);
    const expiresAt: unknown = snapshot.get("expiresAt");
    const holds =
      snapshot.exists &&
      expiresAt instanceof Timestamp &&
      expiresAt.toMillis() > claim.now.getTime();
    if (holds) {
      if (snapshot.get("fingerprint") !== claim.fingerprint) throw new IdempotencyKeyReusedError();
      return {
        replay: JSON.parse(String(snapshot.get("result"))) as Result,
        remember: () => undefined,
      };
    }
    return {
      replay: null,
      remember(result) {
        const data = {
          scope: claim.scope,
          fingerprint: claim.fingerprint,
          result: JSON.stringify(result),
          createdAt: FieldValue.serverTimestamp(),
          expiresAt: Timestamp.fromDate(claim.expiresAt),
        };
        // An expired key's document is taken over; a new one must not exist at commit.
        if (snapshot.exists) transaction.set(ref, data);
        else transaction.create(ref, data);
      },
    };
  };

  /** Runs a keyed write; if a copy with the same key committed first, runs it again to answer from its key. */
  const withKeyRace = async <Result>(
    claim: IdempotencyClaim | undefined,
    write: () => Promise<Result>,
  ): Promise<Result> => {
    try {
      return await write();
    } catch (error) {
      if (claim && hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS)) return write();
      throw error;
    }
  };

  /**
   * Reads, inside `transaction` and before any of its writes (Firestore wants every read first), the
   * counters the limited mails among `items` need, and decides each: the rolling 24 hours of its
   * recipient's document, then the UTC day's count. Real Firestore serialises transactions that touch
   * the same counter, so two submissions cannot both take the last slot. The day's document also records
   * that the firm was told the cap was reached (`capNoticeQueued`), so it is told once a day.
   */
  const readMailLimits = async (
    transaction: Transaction,
    items: readonly NewMail[],
  ): Promise<MailLimitPlan> => {
    const limits = items.flatMap((item) => (item.limit === undefined ? [] : [item.limit]));
    const ids = [
      ...new Set(
        limits.flatMap((limit) => [limit.recipientKey, `day-${utcDay(limit.now.getTime())}`]),
      ),
    ];
    const snapshots =
      ids.length > 0 ? await transaction.getAll(...ids.map((id) => mailLimits.doc(id))) : [];
    const times = new Map<string, number[]>();
    const counts = new Map<string, number>();
    const noticed = new Set<string>();
    snapshots.forEach((snapshot, index) => {
      const id = ids[index] ?? "";
      const data = snapshot.data() ?? {};
      if (id.startsWith("day-")) {
        counts.set(id, typeof data["count"] === "number" ? data["count"] : 0);
        if (data["capNoticeQueued"] === true) noticed.add(id);
      } else
        times.set(
          id,
          Array.isArray(data["queuedAt"])
            ? data["queuedAt"].flatMap((t: unknown) =>
                t instanceof Timestamp ? [t.toMillis()] : [],
              )
            : [],
        );
    });
    const changed = new Set<string>();
    const accepted: NewMail[] = [];
    const skipped: SkippedMail[] = [];
    const notices: NewMail[] = [];
    for (const item of items) {
      const limit = item.limit;
      if (limit === undefined) {
        accepted.push(item);
        continue;
      }
      const now = limit.now.getTime();
      const day = `day-${utcDay(now)}`;
      const recent = (times.get(limit.recipientKey) ?? []).filter(
        (t) => t > now - automaticMailWindowMs,
      );
      const reason: SkippedMail["reason"] | null =
        recent.length >= limit.perRecipient
          ? "recipient-limit"
          : (counts.get(day) ?? 0) >= limit.dailyCap
            ? "daily-cap"
            : null;
      if (reason !== null) {
        skipped.push({ kind: item.meta.kind, to: item.message.to, reason });
        if (reason === "daily-cap" && !noticed.has(day)) {
          notices.push(limit.dailyCapNotice);
          noticed.add(day);
          changed.add(day);
        }
        continue;
      }
      times.set(limit.recipientKey, [...recent, now]);
      counts.set(day, (counts.get(day) ?? 0) + 1);
      changed.add(limit.recipientKey).add(day);
      accepted.push(item);
    }
    return {
      accepted,
      skipped,
      write(transaction) {
        for (const id of changed) {
          const ref = mailLimits.doc(id);
          if (id.startsWith("day-")) {
            const dayStart = Date.parse(`${id.slice(4)}T00:00:00Z`);
            transaction.set(ref, {
              count: counts.get(id) ?? 0,
              capNoticeQueued: noticed.has(id),
              expireAt: Timestamp.fromMillis(dayStart + 2 * automaticMailWindowMs),
            });
          } else {
            const queued = times.get(id) ?? [];
            transaction.set(ref, {
              queuedAt: queued.map((t) => Timestamp.fromMillis(t)),
              expireAt: Timestamp.fromMillis(Math.max(...queued) + automaticMailWindowMs),
            });
          }
        }
        for (const notice of notices) transaction.create(mail.doc(), newMailDocument(notice, null));
      },
    };
  };

  /**
   * The documents held about an address: its subscriptions, its contacts, its comments, and the mails to
   * it, replying to it, or belonging to one of those (each query on a top-level field). Found by the
   * address's key, and by its decomposed spelling for documents keyed before keys were NFC.
   */
  const personalDataRefs = async (email: string) => {
    const spellings = keySpellings(email);
    // The key copies find what was typed in any case; the exact queries, documents written before the
    // copies existed (those match only as typed). A subscription's email is its key; one stored under a
    // legacy id is found the same way, and so is a second one (decomposed) from before keys were NFC.
    const [subscriptionDocs, ...found] = await Promise.all([
      subscriptions.where("email", "in", spellings).get(),
      contacts.where("emailKey", "in", spellings).get(),
      contacts.where("email", "in", spellings).get(),
      mail.where("toKey", "in", spellings).get(),
      mail.where("to", "in", spellings).get(),
      mail.where("replyToKey", "in", spellings).get(),
      mail.where("replyTo", "in", spellings).get(),
    ]);
    // Comments are newer than the key copies: every comment document has emailKey.
    const commentDocs = (await comments.where("emailKey", "in", spellings).get()).docs;
    const unique = (docs: DocumentSnapshot[]) => [...new Map(docs.map((d) => [d.id, d])).values()];
    const [byKey, byEmail, ...mailSnapshots] = found;
    const contactDocs = unique([...(byKey?.docs ?? []), ...(byEmail?.docs ?? [])]);
    // "in" takes at most 30 values per query.
    const inChunks = (docs: DocumentSnapshot[], query: (ids: string[]) => Promise<QuerySnapshot>) =>
      Array.from({ length: Math.ceil(docs.length / 30) }, (_, index) =>
        query(docs.slice(index * 30, index * 30 + 30).map((doc) => doc.id)),
      );
    const related = await Promise.all([
      ...inChunks(subscriptionDocs.docs, (ids) => mail.where("subscriptionId", "in", ids).get()),
      ...inChunks(contactDocs, (ids) => mail.where("contactId", "in", ids).get()),
      ...inChunks(commentDocs, (ids) => mail.where("commentId", "in", ids).get()),
    ]);
    const mails = new Map<string, DocumentSnapshot>();
    for (const doc of [...mailSnapshots, ...related].flatMap((s) => s.docs)) mails.set(doc.id, doc);
    return {
      subscriptions: subscriptionDocs.docs,
      contacts: contactDocs,
      comments: commentDocs,
      mails: [...mails.values()],
    };
  };

  let closed: Promise<void> | undefined;
  /**
   * After terminate(), firebase-admin rejects a query's stream internally but the query's promise never
   * settles (checked with 13.10.0), so a late call would hang forever: every method fails fast instead.
   */
  const ensureOpen = (): void => {
    if (closed !== undefined) throw new Error("The Firestore store is closed");
  };

  const readMail = (snapshot: DocumentSnapshot): MailRecord | null => {
    const data = snapshot.data();
    return data === undefined ? null : toMailRecord(snapshot.id, parseMailDocument(data));
  };

  /**
   * Claims one mail in a transaction: read, check it is still due, then create the claim's lock document
   * and update the mail. On real Firestore the transaction alone decides a race: the loser's commit is
   * aborted, it retries, re-reads a leased mail and leaves it. The lock document (`<mail id>-<claim
   * number>`, created with create(), which fails with ALREADY_EXISTS when it exists) decides it a second
   * time, and is what decides it on @firestore-emulator/server, which neither locks nor retries
   * contended transactions: two workers that read the same claim number cannot both create its lock,
   * and the emulator applies a commit's writes in order, stopping at the failed create. A document that
   * cannot be read as a mail is set aside (ERROR with the reason) instead of failing the whole claim.
   */
  const claimOne = async (id: string, now: Date, leaseUntil: Date): Promise<ClaimedMail | null> => {
    const ref = mail.doc(id);
    try {
      return await firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const data = snapshot.data();
        if (data === undefined) return null;
        const read = readMailDocument(data);
        if (!read.ok) {
          transaction.update(ref, setAsideFields(read.reason, now));
          return null;
        }
        if (!isClaimable(read.doc, now)) return null;
        const claimToken = randomUUID();
        const claimed = claimedMailDocument(read.doc, now, leaseUntil, claimToken);
        // The lock first: if its create fails, the mail's update is not applied either.
        transaction.create(mailClaims.doc(`${id}-${claimed.claimCount}`), {
          mailId: id,
          claimToken,
          claimedAt: Timestamp.fromDate(now),
          expireAt: Timestamp.fromMillis(now.getTime() + claimLockRetentionMs),
        });
        transaction.update(ref, {
          delivery: claimed.delivery,
          state: claimed.state,
          dueAt: claimed.dueAt,
          claimToken,
          claimCount: claimed.claimCount,
        });
        return { ...toMailRecord(id, claimed), claimToken };
      });
    } catch (error) {
      // Another worker claimed this mail first.
      if (hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS)) return null;
      throw error;
    }
  };

  /**
   * A change to a claimed mail, fenced by its claim token: in a transaction, applied only while the
   * mail is PROCESSING under that very claim. False (and nothing written) otherwise.
   */
  const updateClaimed = async (
    { id, claimToken }: MailClaim,
    fields: DocumentData | ((snapshot: DocumentSnapshot) => DocumentData),
  ): Promise<boolean> => {
    if (!isDocumentId(id)) return false;
    const ref = mail.doc(id);
    return firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) return false;
      if (snapshot.get("state") !== "PROCESSING" || snapshot.get("claimToken") !== claimToken) {
        return false;
      }
      const changes = typeof fields === "function" ? fields(snapshot) : fields;
      transaction.update(ref, { ...changes, claimToken: changes.claimToken ?? claimToken });
      return true;
    });
  };

  return {
    async addSubscription({ email: address, consent, locale = "en" }, mails, idempotency) {
      ensureOpen();
      const email = emailKey(address);
      const ref = subscriptions.doc(subscriptionDocumentId(dataKey, email));
      const candidates = subscriptionRefs(email);
      // Composed inside each transaction after the subscription is read and before any write (for the id
      // it turns out to have, and when it left): if composing throws, nothing is stored.
      const compose = (id: string, departedAt: Date | null) =>
        (mails?.(id, { departedAt }) ?? []).map((item) => ({
          ...item,
          meta: { ...item.meta, subscriptionId: id },
        }));
      const now = FieldValue.serverTimestamp();
      // A new address: create() on the deterministic id is the race-free unique key, committed with its
      // mails and their limit counters (a transaction: the counters are read first).
      // `departed` is recorded for an address that had left (keys from before it read as created).
      type Replayable = { id: string; departed?: boolean };
      const replayed = ({ id, departed }: Replayable): SubscribeResult =>
        departed
          ? { created: false, reason: "departed", id, skipped: [], replayed: true }
          : { created: true, id, skipped: [], replayed: true };
      try {
        const first = await firestore.runTransaction(async (transaction) => {
          const key = await readIdempotencyKey<Replayable>(transaction, idempotency);
          if (key.replay) return key.replay;
          // A known address (under its id or a legacy one) goes to the next transaction without a failed
          // write (the emulator would keep the key written before it); create() below still decides a
          // race between two new ones.
          const known = await transaction.getAll(...candidates);
          if (known.some((snapshot) => snapshot.exists)) return "known" as const;
          const plan = await readMailLimits(transaction, compose(ref.id, null));
          key.remember({ id: ref.id });
          transaction.create(ref, {
            email,
            status: "subscribed",
            createdAt: now,
            updatedAt: now,
            unsubscribedAt: null,
            ...consentFields(consent),
            ...localeField(locale),
          });
          for (const item of plan.accepted)
            transaction.create(mail.doc(), newMailDocument(item, null));
          plan.write(transaction);
          return plan.skipped;
        });
        if (Array.isArray(first)) return { created: true, id: ref.id, skipped: first };
        if (first !== "known") return replayed(first);
      } catch (error) {
        // The address exists, or a copy with the same key committed first: the next transaction tells.
        if (!hasGrpcCode(error, GrpcStatus.ALREADY_EXISTS)) throw error;
      }
      // Known address: a duplicate while subscribed; one that had unsubscribed stays as it is and only
      // its mails (the link to confirm, made from when it left) are queued, in one transaction with the
      // key and the limits' counters (Decision 10: it comes back only through resubscribe).
      const again = await withKeyRace(idempotency, () =>
        firestore.runTransaction(async (transaction) => {
          const key = await readIdempotencyKey<Replayable>(transaction, idempotency);
          if (key.replay) return key.replay;
          const snapshot = (await transaction.getAll(...candidates)).find((found) => found.exists);
          if (!snapshot || snapshot.get("status") !== "unsubscribed") return null;
          const departedAt = timestampOrNull(snapshot, "unsubscribedAt");
          const plan = await readMailLimits(transaction, compose(snapshot.id, departedAt));
          key.remember({ id: snapshot.id, departed: true });
          for (const item of plan.accepted)
            transaction.create(mail.doc(), newMailDocument(item, null));
          plan.write(transaction);
          return { id: snapshot.id, skipped: plan.skipped };
        }),
      );
      if (again === null) return { created: false, reason: "duplicate" };
      return "skipped" in again
        ? { created: false, reason: "departed", id: again.id, skipped: again.skipped }
        : replayed(again);
    },

    async resubscribe(id, departedAt, { consent, locale = "en" }, mails) {
      ensureOpen();
      if (!isDocumentId(id)) return { outcome: "unknown" };
      const ref = subscriptions.doc(id);
      // Read, checked and written in one transaction: of two confirmations of one link, one comes back.
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return { outcome: "unknown" as const };
        // Milliseconds on both sides: Firestore keeps microseconds, the link carries milliseconds.
        const left = timestampOrNull(snapshot, "unsubscribedAt");
        if (snapshot.get("status") !== "unsubscribed" || left?.getTime() !== departedAt.getTime())
          return { outcome: "stale" as const };
        const composed = (mails?.(id) ?? []).map((item) => ({
          ...item,
          meta: { ...item.meta, subscriptionId: id },
        }));
        const plan = await readMailLimits(transaction, composed);
        transaction.update(ref, {
          // A legacy document keeps its id (its unsubscribe links sign it); its email becomes the key.
          email: emailKey(requireString(snapshot, "email")),
          status: "subscribed",
          updatedAt: FieldValue.serverTimestamp(),
          unsubscribedAt: null,
          ...consentFields(consent),
          // A returning subscriber's language replaces the old one (English included).
          locale,
        });
        for (const item of plan.accepted)
          transaction.create(mail.doc(), newMailDocument(item, null));
        plan.write(transaction);
        return { outcome: "resubscribed" as const, skipped: plan.skipped };
      });
    },

    async addContactWithMails(contact, mails, idempotency) {
      ensureOpen();
      const contactRef = contacts.doc();
      // Composed before anything is written: if composing throws, nothing is stored.
      const composed = mails(contactRef.id);
      // A transaction, not a batch: the key and the limits' counters are read, then written with the contact.
      return withKeyRace(idempotency, () =>
        firestore.runTransaction(async (transaction) => {
          const key = await readIdempotencyKey<{ id: string }>(transaction, idempotency);
          if (key.replay) return { id: key.replay.id, skipped: [], replayed: true as const };
          const plan = await readMailLimits(transaction, composed);
          // The key first among the writes (see readIdempotencyKey).
          key.remember({ id: contactRef.id });
          transaction.create(contactRef, newContactDocument(contact));
          for (const item of plan.accepted)
            transaction.create(mail.doc(), newMailDocument(item, contactRef.id));
          plan.write(transaction);
          return { id: contactRef.id, skipped: plan.skipped };
        }),
      );
    },

    async purgeIdempotencyKeys(before) {
      ensureOpen();
      const snapshot = await idempotencyKeys
        .where("expiresAt", "<=", Timestamp.fromDate(before))
        .get();
      for (let start = 0; start < snapshot.docs.length; start += 400) {
        const batch = firestore.batch();
        for (const doc of snapshot.docs.slice(start, start + 400)) batch.delete(doc.ref);
        await batch.commit();
      }
      return snapshot.docs.length;
    },

    async addCommentWithMails(comment, mails, idempotency) {
      ensureOpen();
      const commentRef = comments.doc();
      // Composed before anything is written: if composing throws, nothing is stored.
      const composed = mails(commentRef.id).map((item) => ({
        ...item,
        meta: { ...item.meta, commentId: commentRef.id },
      }));
      // A transaction: the key is read first, then written first (see readIdempotencyKey).
      return withKeyRace(idempotency, () =>
        firestore.runTransaction(async (transaction) => {
          const key = await readIdempotencyKey<{ id: string }>(transaction, idempotency);
          if (key.replay) return { id: key.replay.id, replayed: true as const };
          key.remember({ id: commentRef.id });
          transaction.create(commentRef, newCommentDocument(comment));
          for (const item of composed) transaction.create(mail.doc(), newMailDocument(item, null));
          return { id: commentRef.id };
        }),
      );
    },

    async getComment(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await comments.doc(id).get();
      return snapshot.exists ? toComment(snapshot) : null;
    },

    async listComments({ status, post }) {
      ensureOpen();
      let query: Query = comments.where("status", "==", status);
      if (post !== undefined) query = query.where("post", "==", post);
      // Equality filters only (no composite index); sorted here.
      const snapshot = await query.get();
      return snapshot.docs.map(toComment).sort(byCreatedAtThenCommentId);
    },

    async countCommentsSince(post, since) {
      ensureOpen();
      // A composite index in production: comments (post ASC, createdAt ASC), firestore.indexes.json.
      const snapshot = await comments
        .where("post", "==", post)
        .where("createdAt", ">=", Timestamp.fromDate(since))
        .count()
        .get();
      return snapshot.data().count;
    },

    async setCommentStatus(id, status, options = {}) {
      ensureOpen();
      if (!isDocumentId(id)) return "unknown";
      const ref = comments.doc(id);
      // A transaction: the status read is the one written over (a concurrent decision retries it).
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return "unknown";
        if (options.onlyIfPending && snapshot.get("status") !== "pending") return "decided";
        if (snapshot.get("status") === status) return "unchanged";
        const now = FieldValue.serverTimestamp();
        transaction.update(ref, { status, moderatedAt: now, updatedAt: now });
        return "changed";
      });
    },

    async queueMail(item) {
      ensureOpen();
      const ref = mail.doc();
      await ref.create(newMailDocument(item, item.meta.contactId ?? null));
      return { id: ref.id };
    },

    async claimDueMails(now, leaseUntil, limit) {
      ensureOpen();
      if (limit <= 0) return [];
      // Candidates only: each is claimed (or skipped) in its own transaction below.
      const candidates = await mail
        .where("dueAt", "<=", Timestamp.fromDate(now))
        .orderBy("dueAt")
        .limit(limit)
        .get();
      const outcomes = await Promise.allSettled(
        candidates.docs.map((doc) => claimOne(doc.id, now, leaseUntil)),
      );
      // The claims that succeeded are returned even if another failed: thrown away, they would sit
      // leased until their lease ran out. Only when every one failed is there an error to report.
      const failure = outcomes.find((outcome) => outcome.status === "rejected");
      const claimed = outcomes.flatMap((outcome) =>
        outcome.status === "fulfilled" && outcome.value !== null ? [outcome.value] : [],
      );
      if (failure && claimed.length === 0) throw failure.reason;
      return claimed.sort(byCreatedAtThenId);
    },

    async renewMailLease(claim, leaseUntil) {
      ensureOpen();
      const lease = Timestamp.fromDate(leaseUntil);
      return updateClaimed(claim, { dueAt: lease, "delivery.leaseExpireTime": lease });
    },

    async releaseMails(claims, now) {
      ensureOpen();
      const due = Timestamp.fromDate(now);
      const released = await Promise.all(
        claims.map((claim) =>
          updateClaimed(claim, (snapshot) => {
            const attempts: unknown = snapshot.get("delivery.attempts");
            return {
              state: "PENDING",
              dueAt: due,
              nextAttemptAt: due,
              claimToken: null,
              "delivery.state": "PENDING",
              "delivery.leaseExpireTime": null,
              // The claim counted an attempt that never reached a server: take it back.
              "delivery.attempts": typeof attempts === "number" ? Math.max(0, attempts - 1) : 0,
            };
          }),
        ),
      );
      return released.filter(Boolean).length;
    },

    async markMailSent(claim, at, messageId) {
      ensureOpen();
      return updateClaimed(claim, {
        state: "SUCCESS",
        dueAt: null,
        claimToken: null,
        "delivery.state": "SUCCESS",
        "delivery.endTime": Timestamp.fromDate(at),
        "delivery.leaseExpireTime": null,
        "delivery.error": null,
        "delivery.info": { messageId },
      });
    },

    async markMailFailed(claim, at, error, retry) {
      ensureOpen();
      if (retry.final) {
        return updateClaimed(claim, {
          state: "ERROR",
          dueAt: null,
          claimToken: null,
          "delivery.state": "ERROR",
          "delivery.endTime": Timestamp.fromDate(at),
          "delivery.leaseExpireTime": null,
          "delivery.error": error,
        });
      }
      const next = Timestamp.fromDate(retry.nextAttemptAt);
      return updateClaimed(claim, {
        state: "PENDING",
        dueAt: next,
        nextAttemptAt: next,
        claimToken: null,
        "delivery.state": "PENDING",
        "delivery.leaseExpireTime": null,
        "delivery.error": error,
      });
    },

    async retryMail(id, now) {
      ensureOpen();
      if (!isDocumentId(id)) return false;
      const ref = mail.doc(id);
      // A transaction, so two operators retrying at once (or a retry racing the worker) cannot both win.
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        const data = snapshot.data();
        if (data === undefined || parseMailDocument(data).delivery.state !== "ERROR") return false;
        const due = Timestamp.fromDate(now);
        transaction.update(ref, {
          state: "PENDING",
          dueAt: due,
          nextAttemptAt: due,
          "delivery.state": "PENDING",
          "delivery.attempts": 0,
          "delivery.endTime": null,
          "delivery.leaseExpireTime": null,
          claimToken: null,
        });
        return true;
      });
    },

    async getContact(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await contacts.doc(id).get();
      return snapshot.exists ? toContact(snapshot) : null;
    },

    async getSubscriptionByEmail(email) {
      ensureOpen();
      const snapshot = (await firestore.getAll(...subscriptionRefs(email))).find(
        (found) => found.exists,
      );
      return snapshot ? toSubscription(snapshot) : null;
    },

    async getMail(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      return readMail(await mail.doc(id).get());
    },

    async listMails(filter = {}) {
      ensureOpen();
      let query: Query = mail;
      if (filter.state !== undefined) query = query.where("state", "==", filter.state);
      if (filter.contactId !== undefined) query = query.where("contactId", "==", filter.contactId);
      // Sorted here rather than with orderBy: equality filters alone need no composite index.
      const snapshot = await query.get();
      // A document that is not a mail (set aside by claimOne, ERROR with the reason) has no record to
      // show; it is counted in outboxStats and found in the console by its state and delivery.error.
      return snapshot.docs
        .flatMap((doc) => {
          const read = readMailDocument(doc.data());
          return read.ok ? [toMailRecord(doc.id, read.doc)] : [];
        })
        .sort(byCreatedAtThenId);
    },

    async outboxStats(now) {
      ensureOpen();
      const [pending, failed, oldest] = await Promise.all([
        backlog.count().get(),
        mail.where("state", "==", "ERROR").count().get(),
        backlog.orderBy("createdAt").limit(1).get(),
      ]);
      const oldestDoc = oldest.docs[0];
      // Read on its own: one malformed document must not take readiness down.
      const createdAt: unknown = oldestDoc?.get("createdAt");
      const oldestCreatedAt = createdAt instanceof Timestamp ? createdAt.toMillis() : null;
      return {
        pending: pending.data().count,
        failed: failed.data().count,
        oldestPendingAgeMs:
          oldestCreatedAt === null ? null : Math.max(0, now.getTime() - oldestCreatedAt),
      };
    },

    async ping() {
      ensureOpen();
      await subscriptions.limit(1).get();
    },

    close() {
      // terminate() waits for in-flight calls; closing twice returns the same promise.
      closed ??= firestore.terminate();
      return closed;
    },

    async getSubscription(id) {
      ensureOpen();
      if (!isDocumentId(id)) return null;
      const snapshot = await subscriptions.doc(id).get();
      return snapshot.exists ? toSubscription(snapshot) : null;
    },

    async unsubscribe(id) {
      ensureOpen();
      if (!isDocumentId(id)) return "unknown";
      const ref = subscriptions.doc(id);
      return firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return "unknown";
        if (snapshot.get("status") === "unsubscribed") return "already";
        const now = FieldValue.serverTimestamp();
        transaction.update(ref, { status: "unsubscribed", unsubscribedAt: now, updatedAt: now });
        return "unsubscribed";
      });
    },

    async listSubscribers() {
      ensureOpen();
      const snapshot = await subscriptions.where("status", "==", "subscribed").get();
      return snapshot.docs
        .map(toSubscription)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    },

    async findPersonalData(email) {
      ensureOpen();
      const refs = await personalDataRefs(email);
      // One subscription per address since keys are NFC; of two from before, the subscribed, else the
      // one changed last (erasure deletes both, and both's mails are listed below).
      const [subscription] = refs.subscriptions
        .map(toSubscription)
        .sort(
          (a, b) =>
            Number(b.status === "subscribed") - Number(a.status === "subscribed") ||
            b.updatedAt.getTime() - a.updatedAt.getTime(),
        );
      return {
        subscription: subscription ?? null,
        contacts: refs.contacts
          .map(toContact)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
        comments: refs.comments.map(toComment).sort(byCreatedAtThenCommentId),
        mails: refs.mails
          .map((doc) => toMailRecord(doc.id, parseMailDocument(doc.data() ?? {})))
          .sort(byCreatedAtThenId),
      };
    },

    async erasePersonalData(email, { addressHash }) {
      ensureOpen();
      const refs = await personalDataRefs(email);
      const erasureRef = erasures.doc();
      const deleted = {
        subscriptions: refs.subscriptions.length,
        contacts: refs.contacts.length,
        comments: refs.comments.length,
        mails: refs.mails.length,
      };
      // One batch: all of it goes, with the erasure record, or nothing does (a batch holds 500 writes,
      // far more than one person's mail).
      const batch = firestore.batch();
      for (const doc of [...refs.mails, ...refs.contacts, ...refs.comments, ...refs.subscriptions])
        batch.delete(doc.ref);
      batch.create(erasureRef, { addressHash, erasedAt: FieldValue.serverTimestamp(), deleted });
      await batch.commit();
      const stored = await erasureRef.get();
      return toErasure(stored);
    },

    async listErasures() {
      ensureOpen();
      const snapshot = await erasures.get();
      return snapshot.docs
        .map(toErasure)
        .sort((a, b) => a.erasedAt.getTime() - b.erasedAt.getTime());
    },

    async purgeMailBodies(finishedBefore) {
      ensureOpen();
      // Equality on the top-level state copy; the end time is compared here (the emulator cannot
      // filter on the nested delivery.endTime).
      const snapshot = await mail.where("state", "in", ["SUCCESS", "ERROR"]).get();
      const due = snapshot.docs.filter((doc) => {
        const endTime: unknown = doc.get("delivery.endTime");
        return (
          endTime instanceof Timestamp &&
          endTime.toMillis() < finishedBefore.getTime() &&
          !(doc.get("bodyPurgedAt") instanceof Timestamp)
        );
      });
      for (let start = 0; start < due.length; start += 400) {
        const batch = firestore.batch();
        for (const doc of due.slice(start, start + 400)) {
          batch.update(doc.ref, {
            "message.text": "",
            "message.html": "",
            bodyPurgedAt: FieldValue.serverTimestamp(),
          });
        }
        await batch.commit();
      }
      return due.length;
    },
  };
}
