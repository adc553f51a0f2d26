import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Query,
} from "firebase-admin/firestore";
import { locales } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas/plain";
import {
  FIRESTORE_COLLECTIONS,
  isDocumentId,
  localeField,
  requireString,
  requireTimestamp,
  timestampOrNull,
  toConsent,
  toLocale,
  type FirestoreContext,
} from "../adapters/firestore/fields.js";
import type { FirestoreMailSeam } from "../mail/firestore.js";
import type { FirestoreIdempotency } from "../common/idempotency/firestore.js";
import { createFirestoreOfficeSeam } from "../staff/firestore.js";
import {
  commentAudit,
  commentStatuses,
  decodeDecider,
  encodeDecider,
  officeDecisionRefusal,
  type CommentCursor,
  type CommentQueueFilter,
  type CommentRecord,
  type CommentStatus,
  type CommentStore,
  type NewComment,
} from "./port.js";

const commentStatusValues: readonly string[] = commentStatuses;

export function toComment(snapshot: DocumentSnapshot): CommentRecord {
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
    moderatedBy: decodeDecider(snapshot.get("moderatedBy") as string | null | undefined),
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

export const byCreatedAtThenCommentId = (a: CommentRecord, b: CommentRecord): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The comments capability on Firestore: a comment and its mails in one transaction, then its moderation. */
export function createFirestoreComments(
  { firestore, ensureOpen }: FirestoreContext,
  { mail, idempotency }: { mail: FirestoreMailSeam; idempotency: FirestoreIdempotency },
): CommentStore {
  const comments = firestore.collection(FIRESTORE_COLLECTIONS.comments);
  // The office's decisions write their audit entry in their own transaction through it.
  const office = createFirestoreOfficeSeam(firestore);

  /**
   * The queue's query: equality filters then createdAt, oldest first (firestore.indexes.json has an index
   * per combination of status with post and language). Ties on createdAt come in id order (Firestore's
   * implicit tie-break), so a cursor reads from its instant on and drops what it has passed. An English
   * comment has no locale field (localeField), so English is every comment of another language's
   * complement: read without the language and kept in memory, counted by subtraction.
   */
  const queueQuery = (filter: Partial<CommentQueueFilter>): Query => {
    let query: Query = comments;
    if (filter.status !== undefined) query = query.where("status", "==", filter.status);
    if (filter.post !== undefined) query = query.where("post", "==", filter.post);
    if (filter.locale !== undefined && filter.locale !== "en")
      query = query.where("locale", "==", filter.locale);
    return query;
  };
  const countOf = async (filter: Partial<CommentQueueFilter>): Promise<number> => {
    const count = async (query: Query) => (await query.count().get()).data().count;
    if (filter.locale !== "en") return count(queueQuery(filter));
    const others = locales.filter((locale) => locale !== "en");
    const [all, ...translated] = await Promise.all([
      count(queueQuery({ ...filter, locale: undefined })),
      ...others.map((locale) => count(queueQuery({ ...filter, locale }))),
    ]);
    return translated.reduce((rest, n) => rest - n, all);
  };
  const isAfter = (comment: CommentRecord, cursor: CommentCursor) =>
    comment.createdAt.getTime() > cursor.createdAt.getTime() ||
    (comment.createdAt.getTime() === cursor.createdAt.getTime() && comment.id > cursor.id);

  return {
    async addCommentWithMails(comment, mails, claim) {
      ensureOpen();
      const commentRef = comments.doc();
      // Composed before anything is written: if composing throws, nothing is stored.
      const composed = mails(commentRef.id).map((item) => ({
        ...item,
        meta: { ...item.meta, commentId: commentRef.id },
      }));
      // A transaction: the key is read first, then written first (see readIdempotencyKey).
      return idempotency.withKeyRace(claim, () =>
        firestore.runTransaction(async (transaction) => {
          const key = await idempotency.readIdempotencyKey<{ id: string }>(transaction, claim);
          if (key.replay) return { id: key.replay.id, replayed: true as const };
          key.remember({ id: commentRef.id });
          transaction.create(commentRef, newCommentDocument(comment));
          mail.createMails(transaction, composed, null);
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

    async countPendingComments() {
      ensureOpen();
      // An aggregation on one equality filter: the automatic single-field index serves it.
      const snapshot = await comments.where("status", "==", "pending").count().get();
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
        transaction.update(ref, {
          status,
          moderatedAt: now,
          updatedAt: now,
          moderatedBy: options.by ? encodeDecider(options.by) : null,
        });
        return "changed";
      });
    },

    async listCommentQueue(filter, limit, after) {
      ensureOpen();
      let query = queueQuery(filter).orderBy("createdAt");
      if (after) query = query.where("createdAt", ">=", Timestamp.fromDate(after.createdAt));
      // Read past what the cursor's instant already gave (ties), then one more to know if more follow.
      const read = async (
        batch: number,
      ): Promise<{ fresh: CommentRecord[]; exhausted: boolean }> => {
        const snapshot = await query.limit(batch).get();
        const comments = snapshot.docs.map(toComment);
        return {
          fresh: comments.filter(
            (comment) =>
              (!after || isAfter(comment, after)) &&
              (filter.locale === undefined || comment.locale === filter.locale),
          ),
          exhausted: snapshot.size < batch,
        };
      };
      let batch = limit + 1;
      let found = await read(batch);
      while (found.fresh.length <= limit && !found.exhausted) {
        batch *= 2;
        found = await read(batch);
      }
      const items = found.fresh.slice(0, limit);
      const more = found.fresh.length > limit;
      const last = items.at(-1);
      return { items, next: more && last ? { createdAt: last.createdAt, id: last.id } : null };
    },

    async countCommentsByStatus(filter) {
      ensureOpen();
      const counted = await Promise.all(
        commentStatuses.map(async (status) => {
          return [status, await countOf({ ...filter, status })] as const;
        }),
      );
      return Object.fromEntries(counted) as Record<CommentStatus, number>;
    },

    async decideCommentInOffice(id, decision, by) {
      ensureOpen();
      if (!isDocumentId(id)) return { kind: "not-found" };
      const ref = comments.doc(id);
      // A transaction: the status read is the one checked and written over, with the audit entry.
      const outcome = await firestore.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return { kind: "not-found" as const };
        const comment = toComment(snapshot);
        const refusal = officeDecisionRefusal(decision, comment.status);
        if (refusal) return { kind: refusal, comment };
        const now = FieldValue.serverTimestamp();
        transaction.update(ref, {
          status: decision,
          moderatedAt: now,
          updatedAt: now,
          moderatedBy: encodeDecider({ via: "office", staff: by }),
        });
        office.audit(transaction, commentAudit(by, comment, decision, comment.status));
        return { kind: "done" as const, comment };
      });
      if (outcome.kind !== "done") return outcome;
      // Read back for the stored times.
      const stored = await ref.get();
      return stored.exists ? { kind: "done", comment: toComment(stored) } : { kind: "not-found" };
    },
  };
}
