import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { StaffRole } from "@site/shared/office";
import type { InsertMails } from "../mail/sqlite.js";
import {
  nameOfAddress,
  type LinkSignIn,
  type NewAuditEntry,
  type NewSession,
  type SessionRecord,
  type StaffRecord,
  type StaffStore,
} from "./port.js";
import { createSqliteAuditLog, toAuditEntry } from "./sqlite-audit.js";

interface StaffRow {
  email: string;
  name: string;
  role: StaffRole;
  added_at: number;
  added_by: string | null;
}

interface SessionRow {
  id_hash: string;
  email: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

const toStaff = (row: StaffRow): StaffRecord => ({
  email: row.email,
  name: row.name,
  role: row.role,
  addedAt: new Date(row.added_at),
  addedBy: row.added_by,
});

const toSession = (row: SessionRow): SessionRecord => ({
  idHash: row.id_hash,
  email: row.email,
  createdAt: new Date(row.created_at),
  lastSeenAt: new Date(row.last_seen_at),
  expiresAt: new Date(row.expires_at),
});

/**
 * Writes one audit entry inside the caller's transaction. The other capabilities' SQLite adapters (the
 * leads) audit their writes through it, as they queue mails through the mail adapter.
 */
export type InsertAudit = (entry: NewAuditEntry, at: number) => void;

export function createSqliteAudit(db: Database.Database): InsertAudit {
  const insert = db.prepare<[string, number, string | null, string, string | null, string]>(
    `INSERT INTO audit_log (id, at, actor, action, target, details) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  return (entry, at) => {
    insert.run(
      randomUUID(),
      at,
      entry.actor,
      entry.action,
      entry.target,
      JSON.stringify(entry.details),
    );
  };
}

/** The staff capability on SQLite: staff, sign-in links, sessions and the audit log on one connection. */
export function createSqliteStaff(
  db: Database.Database,
  now: () => number,
  { insertMails, insertAudit }: { insertMails: InsertMails; insertAudit: InsertAudit },
): StaffStore {
  const s = {
    staffByEmail: db.prepare<[string], StaffRow>(`SELECT * FROM staff WHERE email = ?`),
    allStaff: db.prepare<[], StaffRow>(`SELECT * FROM staff ORDER BY role = 'owner' DESC, email`),
    insertStaff: db.prepare<[string, string, string, number, string | null]>(
      `INSERT INTO staff (email, name, role, added_at, added_by) VALUES (?, ?, ?, ?, ?)`,
    ),
    owners: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM staff WHERE role = 'owner'`),
    deleteStaff: db.prepare<[string]>(`DELETE FROM staff WHERE email = ?`),
    insertLink: db.prepare<[string, string, number, number]>(
      `INSERT INTO sign_in_links (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)`,
    ),
    linkByHash: db.prepare<[string], { email: string; expires_at: number; used_at: number | null }>(
      `SELECT email, expires_at, used_at FROM sign_in_links WHERE token_hash = ?`,
    ),
    useLink: db.prepare<[number, string]>(
      `UPDATE sign_in_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`,
    ),
    deleteLinksOf: db.prepare<[string]>(`DELETE FROM sign_in_links WHERE email = ?`),
    insertSession: db.prepare<[string, string, number, number, number]>(
      `INSERT INTO staff_sessions (id_hash, email, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
    ),
    sessionByHash: db.prepare<[string], SessionRow>(
      `SELECT * FROM staff_sessions WHERE id_hash = ?`,
    ),
    touchSession: db.prepare<[number, string]>(
      `UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?`,
    ),
    deleteSession: db.prepare<[string]>(`DELETE FROM staff_sessions WHERE id_hash = ?`),
    deleteSessionsOf: db.prepare<[string]>(`DELETE FROM staff_sessions WHERE email = ?`),
    purgeSessions: db.prepare<[number, number]>(
      `DELETE FROM staff_sessions WHERE expires_at <= ? OR last_seen_at < ?`,
    ),
    purgeLinks: db.prepare<[number]>(`DELETE FROM sign_in_links WHERE expires_at <= ?`),
    audit: db.prepare<[number], Parameters<typeof toAuditEntry>[0]>(
      `SELECT * FROM audit_log ORDER BY at DESC, rowid DESC LIMIT ?`,
    ),
  };

  /** A new session, active from its start. */
  const insertSession = (session: NewSession) =>
    s.insertSession.run(
      session.idHash,
      session.email,
      session.createdAt.getTime(),
      session.createdAt.getTime(),
      session.expiresAt.getTime(),
    );

  const ensureOwner = db.transaction((email: string): boolean => {
    if (s.staffByEmail.get(email)) return false;
    const at = now();
    s.insertStaff.run(email, nameOfAddress(email), "owner", at, null);
    insertAudit(
      { actor: null, action: "staff.owner-named", target: email, details: { role: "owner" } },
      at,
    );
    return true;
  });

  const addStaff = db.transaction(
    (
      member: Pick<StaffRecord, "email" | "name" | "role" | "addedBy">,
      link: { tokenHash: string; expiresAt: Date },
      mails: Parameters<InsertMails>[0],
      audit: NewAuditEntry,
    ): "added" | "exists" => {
      if (s.staffByEmail.get(member.email)) return "exists";
      const at = now();
      s.insertStaff.run(member.email, member.name, member.role, at, member.addedBy);
      s.insertLink.run(link.tokenHash, member.email, at, link.expiresAt.getTime());
      insertMails(mails, null, at);
      insertAudit(audit, at);
      return "added";
    },
  );

  const removeStaff = db.transaction(
    (email: string, audit: NewAuditEntry): "removed" | "not-found" | "last-owner" => {
      const member = s.staffByEmail.get(email);
      if (!member) return "not-found";
      if (member.role === "owner" && (s.owners.get()?.n ?? 0) <= 1) return "last-owner";
      s.deleteSessionsOf.run(email);
      s.deleteLinksOf.run(email);
      s.deleteStaff.run(email);
      insertAudit(audit, now());
      return "removed";
    },
  );

  const createSignInLink = db.transaction(
    (
      link: { tokenHash: string; email: string; expiresAt: Date },
      mails: Parameters<InsertMails>[0],
    ) => {
      if (!s.staffByEmail.get(link.email)) return false;
      const at = now();
      s.insertLink.run(link.tokenHash, link.email, at, link.expiresAt.getTime());
      insertMails(mails, null, at);
      return true;
    },
  );

  const signInWithLink = db.transaction(
    (
      tokenHash: string,
      when: Date,
      session: { idHash: string; createdAt: Date; expiresAt: Date },
    ): LinkSignIn => {
      const link = s.linkByHash.get(tokenHash);
      if (!link) return { kind: "unknown" };
      // Marked used first: whatever is decided below, this link never signs anyone in again.
      const fresh = s.useLink.run(when.getTime(), tokenHash).changes === 1;
      if (!fresh || link.expires_at <= when.getTime()) return { kind: "expired" };
      const staff = s.staffByEmail.get(link.email);
      if (!staff) return { kind: "unknown" };
      const at = now();
      insertSession({ ...session, email: staff.email });
      insertAudit(
        { actor: staff.email, action: "session.started", target: null, details: { by: "link" } },
        at,
      );
      return { kind: "signed-in", staff: toStaff(staff) };
    },
  );

  const createSession = db.transaction(
    (
      session: { idHash: string; email: string; createdAt: Date; expiresAt: Date },
      audit: NewAuditEntry,
    ) => {
      if (!s.staffByEmail.get(session.email)) return false;
      insertSession(session);
      insertAudit(audit, now());
      return true;
    },
  );

  const deleteSession = db.transaction((idHash: string, audit: NewAuditEntry | undefined) => {
    if (s.deleteSession.run(idHash).changes === 1 && audit) insertAudit(audit, now());
  });

  const deleteSessionsOf = db.transaction((email: string, audit: NewAuditEntry): number => {
    const ended = s.deleteSessionsOf.run(email).changes;
    insertAudit(audit, now());
    return ended;
  });

  const purge = db.transaction((at: number, idleBefore: number): number => {
    s.purgeLinks.run(at);
    return s.purgeSessions.run(at, idleBefore).changes;
  });

  return {
    async ensureOwner(email) {
      return ensureOwner.immediate(email);
    },
    async getStaff(email) {
      const row = s.staffByEmail.get(email);
      return row ? toStaff(row) : null;
    },
    async listStaff() {
      return s.allStaff.all().map(toStaff);
    },
    async addStaff(member, link, mails, audit) {
      return addStaff.immediate(member, link, mails, audit);
    },
    async removeStaff(email, audit) {
      return removeStaff.immediate(email, audit);
    },
    async createSignInLink(link, mails) {
      return createSignInLink.immediate(link, mails);
    },
    async signInWithLink(tokenHash, when, session) {
      return signInWithLink.immediate(tokenHash, when, session);
    },
    async createSession(session, audit) {
      return createSession.immediate(session, audit);
    },
    async findSession(idHash, when, touchAfterMs) {
      const row = s.sessionByHash.get(idHash);
      if (!row) return null;
      const staff = s.staffByEmail.get(row.email);
      if (!staff) return null;
      // A write per request would cost an fsync each; the idle expiry needs only coarse activity.
      if (when.getTime() - row.last_seen_at >= touchAfterMs)
        s.touchSession.run(when.getTime(), idHash);
      return { session: toSession(row), staff: toStaff(staff) };
    },
    async deleteSession(idHash, audit) {
      deleteSession.immediate(idHash, audit);
    },
    async deleteSessionsOf(email, audit) {
      return deleteSessionsOf.immediate(email, audit);
    },
    async purgeExpiredSessions(when, idleBefore) {
      return purge.immediate(when.getTime(), idleBefore.getTime());
    },
    async recordAudit(entry) {
      insertAudit(entry, now());
    },
    async listAudit(limit) {
      return s.audit.all(limit).map(toAuditEntry);
    },
    ...createSqliteAuditLog(db),
  };
}
