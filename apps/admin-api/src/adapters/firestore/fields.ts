import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type GrpcStatus,
} from "firebase-admin/firestore";
import { isLocale, type Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas/plain";
import type { ConsentInput, ConsentRecord } from "../../common/consent-record.js";

/** What every capability's Firestore adapter is given by createFirestoreStore. */
export interface FirestoreContext {
  firestore: Firestore;
  /**
   * After terminate(), firebase-admin rejects a query's stream internally but the query's promise never
   * settles (checked with 13.10.0), so a late call would hang forever: every method fails fast instead.
   */
  ensureOpen(): void;
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

/**
 * The spellings of an address's key that documents written before the key was NFC may hold: the key
 * itself and its decomposed form (`e` + combining acute for `é`). Documents written since hold the key.
 */
export function keySpellings(email: string): string[] {
  const key = emailKey(email);
  return [...new Set([key, key.normalize("NFD")])];
}

/** Ids that Firestore would reject or read as a path (a caller-supplied id never reaches doc() unchecked). */
export function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    Buffer.byteLength(id, "utf8") <= 1500 &&
    !id.includes("/") &&
    id !== "." &&
    id !== ".." &&
    !/^__.*__$/.test(id)
  );
}

export function hasGrpcCode(error: unknown, code: GrpcStatus): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

export function requireTimestamp(snapshot: DocumentSnapshot, field: string): Date {
  const value: unknown = snapshot.get(field);
  if (!(value instanceof Timestamp))
    throw new Error(`${snapshot.ref.path}: ${field} is not a timestamp`);
  return value.toDate();
}

export function requireString(snapshot: DocumentSnapshot, field: string): string {
  const value: unknown = snapshot.get(field);
  if (typeof value !== "string") throw new Error(`${snapshot.ref.path}: ${field} is not a string`);
  return value;
}

export const stringOrNull = (snapshot: DocumentSnapshot, field: string): string | null => {
  const value: unknown = snapshot.get(field);
  return typeof value === "string" ? value : null;
};

export const timestampOrNull = (snapshot: DocumentSnapshot, field: string): Date | null => {
  const value: unknown = snapshot.get(field);
  return value instanceof Timestamp ? value.toDate() : null;
};

/**
 * Consent fields of a subscription or contact document, at the top level (the emulator applies server
 * timestamps to top-level fields reliably). Documents from before they existed read as page and version
 * null, given at createdAt.
 */
export function consentFields(consent: ConsentInput | undefined): DocumentData {
  return {
    consentAt: FieldValue.serverTimestamp(),
    consentPage: consent?.page ?? null,
    consentNoticeVersion: consent?.noticeVersion ?? null,
  };
}

/** A document's language: a `locale` field, absent for English (as on every document from before it). */
export function toLocale(snapshot: DocumentSnapshot): Locale {
  const locale: unknown = snapshot.get("locale");
  return isLocale(locale) ? locale : "en";
}

/** The `locale` field of a new document: left out for English, so an English document is as before. */
export function localeField(locale: Locale | undefined): DocumentData {
  return locale === undefined || locale === "en" ? {} : { locale };
}

export function toConsent(snapshot: DocumentSnapshot): ConsentRecord {
  return {
    at: timestampOrNull(snapshot, "consentAt") ?? requireTimestamp(snapshot, "createdAt"),
    page: stringOrNull(snapshot, "consentPage"),
    noticeVersion: stringOrNull(snapshot, "consentNoticeVersion"),
  };
}
