import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas";
import { recordedFields } from "../adapters/sqlite/rows.js";
import type { SqliteWriteSeam } from "../adapters/sqlite/write-seam.js";
import type { NewMail, SkippedMail } from "../mail/port.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type { ContactRecord, ContactStore, NewContact } from "./port.js";

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  description: string;
  status: ContactRecord["status"];
  created_at: number;
  updated_at: number;
  consent_page: string | null;
  consent_notice_version: string | null;
  locale: string;
}

export function toContact(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...(row.phone === null ? {} : { phone: row.phone }),
    subject: row.subject,
    description: row.description,
    status: row.status,
    ...recordedFields(row),
  };
}

/**
 * The contacts capability on SQLite: a contact, its mails and its idempotency key in one transaction
 * (a savepoint of the group commit's batch, answered once the batch is on disk).
 */
export function createSqliteContacts(
  db: Database.Database,
  now: () => number,
  {
    insertMails,
    idempotency,
    commits,
  }: SqliteWriteSeam,
): ContactStore {
  const { replayOf, rememberKey } = idempotency;
  const statements = {
    insertContact: db.prepare<
      [
        string,
        string,
        string,
        string,
        string | null,
        string,
        string,
        number,
        number,
        string | null,
        string | null,
        Locale,
      ]
    >(
      `INSERT INTO contacts (id, name, email, email_key, phone, subject, description, status, created_at,
                             updated_at, consent_page, consent_notice_version, locale)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?, ?)`,
    ),
    contactById: db.prepare<[string], ContactRow>(`SELECT * FROM contacts WHERE id = ?`),
  };

  const addContactWithMails = db.transaction(
    (
      contact: NewContact,
      mails: (contactId: string) => NewMail[],
      idempotency: IdempotencyClaim | undefined,
    ): { id: string; skipped: SkippedMail[]; replayed?: true } => {
      const replay = replayOf<{ id: string }>(idempotency);
      if (replay) return { id: replay.id, skipped: [], replayed: true };
      const id = randomUUID();
      const at = now();
      statements.insertContact.run(
        id,
        contact.name,
        contact.email,
        emailKey(contact.email),
        contact.phone ?? null,
        contact.subject,
        contact.description,
        at,
        at,
        contact.consent?.page ?? null,
        contact.consent?.noticeVersion ?? null,
        contact.locale ?? "en",
      );
      // Built inside the transaction: if composing or storing a mail fails, the contact is rolled back too.
      const skipped = insertMails(mails(id), id, at);
      rememberKey(idempotency, { id }, at);
      return { id, skipped };
    },
  );

  return {
    async addContactWithMails(contact, mails, idempotency) {
      return commits.write(() => addContactWithMails(contact, mails, idempotency));
    },
    async getContact(id) {
      const row = statements.contactById.get(id);
      return row ? toContact(row) : null;
    },
  };
}
