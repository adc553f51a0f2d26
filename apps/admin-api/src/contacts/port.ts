import type { Locale } from "@site/shared/i18n";
import type { ConsentInput, ConsentRecord } from "../common/consent-record.js";
import type { IdempotencyClaim } from "../common/idempotency/port.js";
import type { NewMail, SkippedMail } from "../mail/port.js";

/** The contacts capability's storage port: a contact and its mails, written together. */

export type ContactStatus = "new";

export interface NewContact {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  description: string;
  /** Omitted: recorded with page and version null. */
  consent?: ConsentInput | undefined;
  /** The language of the page it was sent from: its answers and mails are in it. Omitted: "en". */
  locale?: Locale | undefined;
}

export interface ContactRecord extends Omit<NewContact, "consent" | "locale"> {
  id: string;
  locale: Locale;
  status: ContactStatus;
  /** `at` is the contact's createdAt. */
  consent: ConsentRecord;
  createdAt: Date;
  updatedAt: Date;
}

export interface ContactStore {
  /**
   * Saves the contact and queues its mails atomically (one transaction). A mail carrying `limit` that is
   * over it is left out and listed in `skipped`; the contact and the other mails are stored all the same.
   */
  addContactWithMails(
    contact: NewContact,
    mails: (contactId: string) => NewMail[],
    idempotency?: IdempotencyClaim,
  ): Promise<{ id: string; skipped: SkippedMail[]; replayed?: true }>;
  getContact(id: string): Promise<ContactRecord | null>;
}
