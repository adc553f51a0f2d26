import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Query,
} from "firebase-admin/firestore";
import { emailKey } from "@site/shared/schemas";
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
import type { CommentRecord, CommentStatus, CommentStore, NewComment } from "./port.js";

const commentStatusValues: readonly string[] = ["pending", "approved", "rejected", "spam"];

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
        transaction.update(ref, { status, moderatedAt: now, updatedAt: now });
        return "changed";
      });
    },
  };
}
