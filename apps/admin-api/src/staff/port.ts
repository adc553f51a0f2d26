import type { StaffRole } from "@site/shared/office";
import type { NewMail } from "../mail/port.js";

/**
 * The office's staff capability's storage port: the staff and their roles, the mailed sign-in links
 * (only their SHA-256 is stored), the sessions (only their id's SHA-256 is stored) and the audit log.
 * Addresses are stored as their key (emailKey: trimmed, NFC, lower case). Every write that changes who
 * may do what writes its audit entry in the same transaction.
 */

/** The name shown for an address until one is known: its local part. */
export const nameOfAddress = (email: string): string =>
  email.slice(0, email.lastIndexOf("@")) || email;

export interface StaffRecord {
  email: string;
  /** Shown in the office; the address's local part unless Firebase gave a display name. */
  name: string;
  role: StaffRole;
  addedAt: Date;
  /** Who invited them; null for an owner named by OFFICE_OWNER_EMAIL or the operator command. */
  addedBy: string | null;
}

/** One line of the audit log: who did what to what, and when (the store's time). */
export interface AuditEntry {
  id: string;
  at: Date;
  /** The staff member's address; null for the system (OFFICE_OWNER_EMAIL at start, an operator command). */
  actor: string | null;
  /** e.g. "staff.invited", "session.started", "lead.assigned" (staff/audit.ts lists them). */
  action: string;
  /** What it was done to: a staff address, a lead id; null when the action names its own target. */
  target: string | null;
  /** The action's own facts (the new status, the role), never a secret. */
  details: Readonly<Record<string, string | null>>;
}

export type NewAuditEntry = Omit<AuditEntry, "id" | "at">;

export interface NewSignInLink {
  /** SHA-256 (hex) of the token mailed; the token itself is never stored. */
  tokenHash: string;
  email: string;
  expiresAt: Date;
}

export interface NewSession {
  /** SHA-256 (hex) of the session id in the cookie. */
  idHash: string;
  email: string;
  createdAt: Date;
  /** The absolute expiry: the session ends then, however active. */
  expiresAt: Date;
}

export interface SessionRecord extends NewSession {
  lastSeenAt: Date;
}

/** What a sign-in link decides, in its one transaction. */
export type LinkSignIn =
  | { kind: "signed-in"; staff: StaffRecord }
  /** No link has this hash (forged, cut short, or its person was removed since). */
  | { kind: "unknown" }
  /** Used already, or past its expiry. */
  | { kind: "expired" };

export interface StaffStore {
  /**
   * Makes `email` an owner if it is not on the staff yet (OFFICE_OWNER_EMAIL at start, the operator
   * command); an existing member keeps their role. True when added. Audited as the system.
   */
  ensureOwner(email: string): Promise<boolean>;
  getStaff(email: string): Promise<StaffRecord | null>;
  /** Owners first, then by address. */
  listStaff(): Promise<StaffRecord[]>;
  /**
   * Adds a member with their invitation's link and mail, and the audit entry, in one transaction; "exists"
   * (nothing written) when the address is on the staff already.
   */
  addStaff(
    member: Pick<StaffRecord, "email" | "name" | "role" | "addedBy">,
    link: NewSignInLink,
    mails: NewMail[],
    audit: NewAuditEntry,
  ): Promise<"added" | "exists">;
  /**
   * Removes a member, every session and unused link of theirs, with the audit entry, in one transaction.
   * "last-owner" (nothing changed) when they are the only owner.
   */
  removeStaff(email: string, audit: NewAuditEntry): Promise<"removed" | "not-found" | "last-owner">;
  /** Stores a link for a staff address and queues its mail together; false (nothing stored) when the address is not staff. */
  createSignInLink(link: NewSignInLink, mails: NewMail[]): Promise<boolean>;
  /**
   * One transaction: the link with this hash is marked used (whatever follows, it never works again),
   * and if it was unused, unexpired at `now` and its address is still staff, the session is created and
   * audited. A second use of the same link, concurrent or later, finds it used.
   */
  signInWithLink(
    tokenHash: string,
    now: Date,
    session: Omit<NewSession, "email">,
  ): Promise<LinkSignIn>;
  /** Creates a session for a staff member (Firebase sign-in), with its audit entry; false when not staff. */
  createSession(session: NewSession, audit: NewAuditEntry): Promise<boolean>;
  /**
   * The session with this hash and its staff member, or null (unknown, or its person removed), with the
   * last activity recorded before this call (the caller judges the idle expiry by it). Records `now` as
   * its last activity when that one is older than `touchAfterMs`.
   */
  findSession(
    idHash: string,
    now: Date,
    touchAfterMs: number,
  ): Promise<{ session: SessionRecord; staff: StaffRecord } | null>;
  /** Ends one session (audited when `audit` is given). */
  deleteSession(idHash: string, audit?: NewAuditEntry): Promise<void>;
  /** Ends every session of `email`, with the audit entry; returns how many. */
  deleteSessionsOf(email: string, audit: NewAuditEntry): Promise<number>;
  /** Deletes sessions and links past their expiry (`idleBefore`: sessions last seen before it). */
  purgeExpiredSessions(now: Date, idleBefore: Date): Promise<number>;
  recordAudit(entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(limit: number): Promise<AuditEntry[]>;
  /** The office's audit screen: newest first (at desc, id desc), filtered, `limit` entries after `after`. */
  queryAudit(
    filter: AuditFilter,
    limit: number,
    after: AuditCursor | null,
  ): Promise<{ items: AuditEntry[]; next: AuditCursor | null }>;
  /** Deletes the entries older than `before` (OFFICE_AUDIT_RETENTION_DAYS); returns how many. */
  purgeAudit(before: Date): Promise<number>;
}

/** The audit screen's filters, as the stores apply them. */
export interface AuditFilter {
  /** A staff address, or null for the system. */
  actor?: string | null | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** at >= from. */
  from?: Date | undefined;
  /** at < before. */
  before?: Date | undefined;
  /** Free text: every word must appear in the target or the details (any case). */
  q?: string | undefined;
}

/** Where an audit page starts: after this entry in the order (at desc, id desc). */
export interface AuditCursor {
  at: Date;
  id: string;
}

/**
 * Firebase Authentication as the office's production sign-in uses it (adapters/firebase-auth.ts, on
 * firebase-admin): ID tokens are exchanged for Firebase session cookies, checked on every request with
 * the revocation check. The API keeps its own session record beside each (staff/service.ts), so
 * signing out, idling out and removal from the staff work as with a mailed link.
 */
export interface FirebaseSessions {
  /** The token's user, when it verifies (signature, expiry, not revoked) and its address is verified. */
  verifyIdToken(idToken: string): Promise<{ uid: string; email: string } | null>;
  /** A session cookie made from a fresh ID token, valid `expiresInMs` (5 minutes to 14 days). */
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  /** The cookie's user when it verifies and the user's sessions were not revoked since; null otherwise. */
  verifySessionCookie(cookie: string): Promise<{ uid: string; email: string } | null>;
  /** Revokes every Firebase session of the user (sign out everywhere). */
  revokeSessions(uid: string): Promise<void>;
}
