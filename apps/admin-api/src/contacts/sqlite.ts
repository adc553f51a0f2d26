import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Locale } from "@site/shared/i18n";
import { emailKey } from "@site/shared/schemas/plain";
import { recordedFields } from "../adapters/sqlite/rows.js";
import type { SqliteWriteSeam } from "../adapters/sqlite/write-seam.js";
import type { SqliteWriter } from "../adapters/sqlite/writer-port.js";
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

/** The contact's write, on the writer's connection (writer.ts): the contact, its mails and its key. */
export interface AddContact {
  contact: NewContact;
  /** Chosen by the caller, which composed `mails` for it. */
  id: string;
  mails: NewMail[];
  idempotency: IdempotencyClaim | undefined;
  at: number;
}

export type ContactWrites = ReturnType<typeof createContactWrites>;

export function createContactWrites(
  db: Database.Database,
  { insertMails, idempotency: { replayOf, rememberKey } }: SqliteWriteSeam,
) {
  const insertContact = db.prepare<
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
  );
  return {
    addContact({ contact, id, mails, idempotency, at }: AddContact): {
      id: string;
      skipped: SkippedMail[];
      replayed?: true;
    } {
      const replay = replayOf<{ id: string }>(idempotency);
      if (replay) return { id: replay.id, skipped: [], replayed: true };
      insertContact.run(
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
      const skipped = insertMails(mails, id, at);
      rememberKey(idempotency, { id }, at);
      return { id, skipped };
    },
  };
}

/**
 * The contacts capability on SQLite: a contact, its mails and its idempotency key in one transaction
 * (a savepoint of the writer's batch, answered once the batch is on disk). The mails are composed here,
 * for the id chosen here, before the write: a mail that fails to compose writes nothing.
 */
export function createSqliteContacts(
  db: Database.Database,
  now: () => number,
  writer: SqliteWriter<ContactWrites>,
): ContactStore {
  const contactById = db.prepare<[string], ContactRow>(`SELECT * FROM contacts WHERE id = ?`);
  return {
    async addContactWithMails(contact, mails, idempotency) {
      const id = randomUUID();
      return writer.run("addContact", { contact, id, mails: mails(id), idempotency, at: now() });
    },
    async getContact(id) {
      const row = contactById.get(id);
      return row ? toContact(row) : null;
    },
  };
}
