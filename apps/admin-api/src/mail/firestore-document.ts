import { FieldValue, Timestamp, type DocumentData } from "firebase-admin/firestore";
import { z } from "zod";
import { emailKey } from "@site/shared/schemas/plain";
import type { MailRecord, MailState, NewMail } from "./port.js";

/**
 * A `mail` document. The first four fields are the shape Firebase's "Trigger Email" extension reads and
 * writes (`to`, `replyTo`, `message`, `delivery`), so the firm could hand delivery to that extension.
 * `nextAttemptAt`, `meta` and `createdAt` are our own.
 *
 * `state`, `contactId` and `dueAt` copy nested values to the top level because
 * @firestore-emulator/server cannot filter or order by a nested field path (`delivery.state` throws
 * "Not implemented" on the server and the query never answers). Real Firestore can; top-level copies work
 * on both, so the contract suite exercises the same queries production runs. Every write that changes
 * `delivery.state` writes the copies in the same update.
 *   - `state`     = delivery.state
 *   - `contactId` = meta.contactId, or null
 *   - `dueAt`     = when a worker may next claim it: nextAttemptAt while PENDING, the lease expiry while
 *                   PROCESSING, null once SUCCESS or ERROR. One single-field range query on it finds both
 *                   kinds of claimable mail, so claiming needs no composite index.
 *
 * Claims: `claimToken` is the current claim's fencing token (null when not PROCESSING) and `claimCount`
 * counts claims ever made (never decremented). Both are absent from documents written before they
 * existed, and read as null and 0.
 */
export const MAIL_STATES = [
  "PENDING",
  "PROCESSING",
  "SUCCESS",
  "ERROR",
  "HELD",
] as const satisfies readonly MailState[];

const timestamp = z.instanceof(Timestamp);

const mailDocumentSchema = z.object({
  to: z.string(),
  replyTo: z.string().optional(),
  message: z.object({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  delivery: z.object({
    state: z.enum(MAIL_STATES),
    attempts: z.number().int(),
    startTime: timestamp.nullable(),
    endTime: timestamp.nullable(),
    error: z.string().nullable(),
    leaseExpireTime: timestamp.nullable(),
    info: z.object({ messageId: z.string().nullable() }),
  }),
  nextAttemptAt: timestamp,
  meta: z.object({
    kind: z.enum([
      "contact-acknowledgement",
      "contact-notification",
      "admin",
      "newsletter-welcome",
      "newsletter-confirmation",
      "comment-notification",
      "daily-cap-notification",
      "office-sign-in",
      "office-invitation",
      "lead-reply",
    ]),
    contactId: z.string().optional(),
    subscriptionId: z.string().optional(),
    commentId: z.string().optional(),
  }),
  createdAt: timestamp,
  state: z.enum(MAIL_STATES),
  contactId: z.string().nullable(),
  dueAt: timestamp.nullable(),
  /** meta.subscriptionId at the top level (queried by a person's export and erasure); absent before. */
  subscriptionId: z.string().nullable().default(null),
  /** meta.commentId at the top level (queried by a person's export and erasure); absent before. */
  commentId: z.string().nullable().default(null),
  /**
   * The `emailKey` of `to` and `replyTo` (trimmed, NFC, lower-cased), for finding a person's mail by
   * address; absent before, lower-cased without NFC in documents written before keys were NFC.
   */
  toKey: z.string().nullable().default(null),
  replyToKey: z.string().nullable().default(null),
  /** When the retention job emptied message.text/html; absent or null while they are kept. */
  bodyPurgedAt: timestamp.nullable().default(null),
  claimToken: z.string().nullable().default(null),
  claimCount: z.number().int().nonnegative().default(0),
});

export type MailDocument = z.infer<typeof mailDocumentSchema>;

const dateOrNull = (value: Timestamp | null): Date | null =>
  value === null ? null : value.toDate();

/** The fields of a new mail; the three times are the server's commit time, so nextAttemptAt <= createdAt. */
export function newMailDocument(mail: NewMail, contactId: string | null): DocumentData {
  const { message, meta } = mail;
  const now = FieldValue.serverTimestamp();
  return {
    to: message.to,
    // Firestore rejects undefined values, so an absent replyTo or contactId is left out, not written.
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    message: {
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers === undefined ? {} : { headers: message.headers }),
    },
    delivery: {
      state: "PENDING",
      attempts: 0,
      startTime: null,
      endTime: null,
      error: null,
      leaseExpireTime: null,
      info: { messageId: null },
    },
    nextAttemptAt: now,
    meta: {
      kind: meta.kind,
      ...(contactId === null ? {} : { contactId }),
      ...(meta.subscriptionId === undefined ? {} : { subscriptionId: meta.subscriptionId }),
      ...(meta.commentId === undefined ? {} : { commentId: meta.commentId }),
    },
    createdAt: now,
    state: "PENDING",
    contactId,
    subscriptionId: meta.subscriptionId ?? null,
    commentId: meta.commentId ?? null,
    toKey: emailKey(message.to),
    replyToKey: message.replyTo === undefined ? null : emailKey(message.replyTo),
    bodyPurgedAt: null,
    dueAt: now,
    claimToken: null,
    claimCount: 0,
  };
}

/** Reads a stored document; a document that does not have the shape fails loudly rather than half-mapped. */
export function parseMailDocument(data: DocumentData): MailDocument {
  return mailDocumentSchema.parse(data);
}

/**
 * Reads a stored document without throwing: the document, or why it cannot be a mail, worded for the
 * `delivery.error` of a document set aside ("malformed document: to missing; message.html missing").
 */
export function readMailDocument(
  data: DocumentData,
): { ok: true; doc: MailDocument } | { ok: false; reason: string } {
  const parsed = mailDocumentSchema.safeParse(data);
  if (parsed.success) return { ok: true, doc: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".") || "document";
    return issue.code === "invalid_type" && /received undefined/.test(issue.message)
      ? `${path} missing`
      : `${path}: ${issue.message}`;
  });
  return { ok: false, reason: `malformed document: ${problems.join("; ")}` };
}

/**
 * The fields that set a malformed document aside: ERROR with the reason, out of the claim query (dueAt
 * null), so it can never stall the mail behind it. Field paths, so whatever else it holds is kept.
 */
export function setAsideFields(reason: string, at: Date): DocumentData {
  return {
    state: "ERROR",
    dueAt: null,
    claimToken: null,
    "delivery.state": "ERROR",
    "delivery.error": reason,
    "delivery.endTime": Timestamp.fromDate(at),
    "delivery.leaseExpireTime": null,
  };
}

/** A failed mail queued again (an operator's or staff's retry): PENDING, due `due`, attempts from 0. */
export function requeuedFields(due: Timestamp): DocumentData {
  return {
    state: "PENDING",
    dueAt: due,
    nextAttemptAt: due,
    "delivery.state": "PENDING",
    "delivery.attempts": 0,
    "delivery.endTime": null,
    "delivery.leaseExpireTime": null,
    claimToken: null,
  };
}

export function toMailRecord(id: string, doc: MailDocument): MailRecord {
  return {
    id,
    message: {
      to: doc.to,
      ...(doc.replyTo === undefined ? {} : { replyTo: doc.replyTo }),
      subject: doc.message.subject,
      text: doc.message.text,
      html: doc.message.html,
      ...(doc.message.headers === undefined ? {} : { headers: doc.message.headers }),
    },
    meta: {
      kind: doc.meta.kind,
      ...(doc.meta.contactId === undefined ? {} : { contactId: doc.meta.contactId }),
      ...(doc.meta.subscriptionId === undefined ? {} : { subscriptionId: doc.meta.subscriptionId }),
      ...(doc.meta.commentId === undefined ? {} : { commentId: doc.meta.commentId }),
    },
    delivery: {
      state: doc.delivery.state,
      attempts: doc.delivery.attempts,
      nextAttemptAt: doc.nextAttemptAt.toDate(),
      leaseExpiresAt: dateOrNull(doc.delivery.leaseExpireTime),
      startTime: dateOrNull(doc.delivery.startTime),
      endTime: dateOrNull(doc.delivery.endTime),
      error: doc.delivery.error,
      messageId: doc.delivery.info.messageId,
    },
    createdAt: doc.createdAt.toDate(),
  };
}

/** The same rule as the SQLite adapter's claim query, checked again inside the claiming transaction. */
export function isClaimable(doc: MailDocument, now: Date): boolean {
  const nowMs = now.getTime();
  if (doc.delivery.state === "PENDING") return doc.nextAttemptAt.toMillis() <= nowMs;
  if (doc.delivery.state === "PROCESSING") {
    return (
      doc.delivery.leaseExpireTime !== null && doc.delivery.leaseExpireTime.toMillis() <= nowMs
    );
  }
  return false;
}

/**
 * The claimed document: PROCESSING, leased until `leaseUntil`, started `now`, one more attempt, holding
 * `claimToken`, and one more claim counted.
 */
export function claimedMailDocument(
  doc: MailDocument,
  now: Date,
  leaseUntil: Date,
  claimToken: string,
): MailDocument {
  const lease = Timestamp.fromDate(leaseUntil);
  return {
    ...doc,
    delivery: {
      ...doc.delivery,
      state: "PROCESSING",
      attempts: doc.delivery.attempts + 1,
      startTime: Timestamp.fromDate(now),
      leaseExpireTime: lease,
    },
    state: "PROCESSING",
    dueAt: lease,
    claimToken,
    claimCount: doc.claimCount + 1,
  };
}
