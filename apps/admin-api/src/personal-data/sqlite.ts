import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { emailKey } from "@site/shared/schemas/plain";
import { toComment, type CommentRow } from "../comments/sqlite.js";
import { toContact, type ContactRow } from "../contacts/sqlite.js";
import { toMail, type MailRow } from "../mail/sqlite.js";
import { toSubscription, type SubscriptionRow } from "../newsletter/sqlite.js";
import type { InsertAudit } from "../staff/sqlite.js";
import type { NewAuditEntry } from "../staff/port.js";
import type { DataRequestAnswer, ErasureRecord, PersonalDataStore } from "./port.js";
import { createSqliteDataRequests } from "./sqlite-requests.js";

interface ErasureRow {
  id: string;
  address_hash: string;
  erased_at: number;
  deleted_subscriptions: number;
  deleted_contacts: number;
  deleted_mails: number;
  deleted_comments: number;
}

const toErasure = (row: ErasureRow): ErasureRecord => ({
  id: row.id,
  addressHash: row.address_hash,
  erasedAt: new Date(row.erased_at),
  deleted: {
    subscriptions: row.deleted_subscriptions,
    contacts: row.deleted_contacts,
    comments: row.deleted_comments,
    mails: row.deleted_mails,
  },
});

/**
 * The personal-data capability on SQLite: everything held about one address, its export and erasure,
 * and the register of people's requests (sqlite-requests.ts).
 */
export function createSqlitePersonalData(
  db: Database.Database,
  now: () => number,
  { insertAudit }: { insertAudit: InsertAudit },
): PersonalDataStore {
  const register = createSqliteDataRequests(db, now, insertAudit);
  // Mails to, replying to, or belonging to a contact, comment or subscription of the address. Contacts,
  // comments and mail keep the address as typed and its emailKey beside it (indexed, see migrations.ts);
  // a subscription's email is its key. Every statement below takes the key as @email.
  const mailsOfPerson = `FROM mail WHERE to_key = @email OR reply_to_key = @email
       OR contact_id IN (SELECT id FROM contacts WHERE email_key = @email)
       OR comment_id IN (SELECT id FROM comments WHERE email_key = @email)
       OR subscription_id IN (SELECT id FROM subscriptions WHERE email = @email)`;
  const statements = {
    subscriptionByEmail: db.prepare<{ email: string }, SubscriptionRow>(
      `SELECT * FROM subscriptions WHERE email = @email`,
    ),
    contactsByEmail: db.prepare<{ email: string }, ContactRow>(
      `SELECT * FROM contacts WHERE email_key = @email ORDER BY created_at, rowid`,
    ),
    mailsOfPerson: db.prepare<{ email: string }, MailRow>(
      `SELECT * ${mailsOfPerson} ORDER BY created_at, rowid`,
    ),
    deleteMails: db.prepare<{ email: string }>(`DELETE ${mailsOfPerson}`),
    commentsByEmail: db.prepare<{ email: string }, CommentRow>(
      `SELECT * FROM comments WHERE email_key = @email ORDER BY created_at, rowid`,
    ),
    deleteComments: db.prepare<{ email: string }>(`DELETE FROM comments WHERE email_key = @email`),
    deleteContacts: db.prepare<{ email: string }>(`DELETE FROM contacts WHERE email_key = @email`),
    deleteSubscription: db.prepare<{ email: string }>(
      `DELETE FROM subscriptions WHERE email = @email`,
    ),
    insertErasure: db.prepare<ErasureRow>(
      `INSERT INTO erasures (id, address_hash, erased_at, deleted_subscriptions, deleted_contacts, deleted_mails,
                             deleted_comments)
       VALUES (@id, @address_hash, @erased_at, @deleted_subscriptions, @deleted_contacts, @deleted_mails,
               @deleted_comments)`,
    ),
    erasures: db.prepare<[], ErasureRow>(`SELECT * FROM erasures ORDER BY erased_at, rowid`),
  };

  // Mails first: they reference the contacts, the comments and the subscription. The leads' history
  // (lead_events) goes with its contact (ON DELETE CASCADE); the register keeps only the keyed hash.
  const erase = db.transaction(
    (
      email: string,
      addressHash: string,
      audit: (erasure: ErasureRecord) => NewAuditEntry[],
      answer: DataRequestAnswer | undefined,
    ): ErasureRecord => {
      const mails = statements.deleteMails.run({ email }).changes;
      const contacts = statements.deleteContacts.run({ email }).changes;
      const comments = statements.deleteComments.run({ email }).changes;
      const subscriptions = statements.deleteSubscription.run({ email }).changes;
      const row: ErasureRow = {
        id: randomUUID(),
        address_hash: addressHash,
        erased_at: now(),
        deleted_subscriptions: subscriptions,
        deleted_contacts: contacts,
        deleted_mails: mails,
        deleted_comments: comments,
      };
      statements.insertErasure.run(row);
      if (answer) register.answer(answer);
      register.forget(email);
      const erasure = toErasure(row);
      for (const entry of audit(erasure)) insertAudit(entry, row.erased_at);
      return erasure;
    },
  );

  return {
    async findPersonalData(address) {
      const email = emailKey(address);
      const subscription = statements.subscriptionByEmail.get({ email });
      return {
        subscription: subscription ? toSubscription(subscription) : null,
        contacts: statements.contactsByEmail.all({ email }).map(toContact),
        comments: statements.commentsByEmail.all({ email }).map(toComment),
        mails: statements.mailsOfPerson.all({ email }).map(toMail),
      };
    },
    async erasePersonalData(email, { addressHash, audit = () => [], answer }) {
      return erase.immediate(emailKey(email), addressHash, audit, answer);
    },
    async listErasures() {
      return statements.erasures.all().map(toErasure);
    },
    ...register.store,
  };
}
