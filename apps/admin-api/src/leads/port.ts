import type { Locale } from "@site/shared/i18n";
import type { CloseReason, LeadStatus } from "@site/shared/office";
import type { ContactRecord } from "../contacts/port.js";
import type { NewMail } from "../mail/port.js";
import type { NewAuditEntry } from "../staff/port.js";

/**
 * The leads capability's storage port: the office's inbox over the contacts (the same table or
 * collection), with each lead's status, owner, close reason, first answer and history. Every change
 * writes its history event and its audit entry in the same transaction; a reply queues its mail there too.
 */

export interface LeadRecord extends Omit<ContactRecord, "status"> {
  status: LeadStatus;
  closeReason: CloseReason | null;
  owner: string | null;
  firstAnsweredAt: Date | null;
}

export type LeadEventData =
  | { kind: "received" }
  | { kind: "assigned"; owner: string | null }
  | { kind: "status"; status: LeadStatus; closeReason: CloseReason | null }
  | { kind: "note"; text: string }
  | { kind: "reply"; subject: string; body: string; mailId: string };

export type LeadEventRecord = LeadEventData & { id: string; at: Date; by: string | null };

/** The inbox's filters, as the store applies them (owner resolved to an address or "none"). */
export interface LeadFilter {
  status?: LeadStatus | undefined;
  owner?: string | { none: true } | undefined;
  locale?: Locale | undefined;
  /** createdAt >= from. */
  from?: Date | undefined;
  /** createdAt < before. */
  before?: Date | undefined;
  /** Free text: every word must appear in the name, address, subject or message (any case). */
  q?: string | undefined;
}

/** Where a page starts: after this lead in the order (createdAt desc, id desc). */
export interface LeadCursor {
  createdAt: Date;
  id: string;
}

export interface LeadPage {
  items: LeadRecord[];
  /** The last item's position when more follow. */
  next: LeadCursor | null;
}

export interface LeadCounts {
  new: number;
  in_progress: number;
  closed: number;
}

/** A change to a lead, as the service decided it. */
export interface LeadChange {
  status?: { to: LeadStatus; closeReason: CloseReason | null };
  owner?: { to: string | null };
}

export interface LeadStore {
  /** Newest first, `limit` items after `after`. */
  listLeads(filter: LeadFilter, limit: number, after: LeadCursor | null): Promise<LeadPage>;
  /**
   * The inbox's figures: the count per status under the filter (its status ignored), and the median
   * time from arrival to first answer (ms) of the leads under the whole filter that were answered.
   */
  leadStats(
    filter: LeadFilter,
  ): Promise<{ counts: LeadCounts; medianFirstAnswerMs: number | null }>;
  /** Every lead under the filter, newest first, in pages of `batch` (the CSV export). */
  eachLead(filter: LeadFilter, batch: number): AsyncIterable<LeadRecord[]>;
  getLead(id: string): Promise<LeadRecord | null>;
  /** The lead's history, oldest first; its `received` event is the contact's arrival. */
  leadHistory(id: string): Promise<LeadEventRecord[]>;
  /**
   * Applies `change` to the lead, with one history event per part changed and the audit entry, in one
   * transaction. Null when the lead does not exist.
   */
  updateLead(
    id: string,
    by: string,
    change: LeadChange,
  ): Promise<{ lead: LeadRecord; events: LeadEventRecord[] } | null>;
  /** Adds a note (history and audit together); null when the lead does not exist. */
  addNote(id: string, by: string, text: string): Promise<LeadEventRecord | null>;
  /**
   * Queues the reply's mail and records it, in one transaction; the first reply sets firstAnsweredAt and
   * moves a `new` lead to `in_progress` (with its status event). Null when the lead does not exist.
   */
  addReply(
    id: string,
    by: string,
    reply: { subject: string; body: string },
    mail: NewMail,
  ): Promise<LeadEventRecord | null>;
}

/** The median of some times (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

/** The audit entries the leads' writes record (the store writes them with the change). */
export const leadAudit = {
  updated: (by: string, id: string, change: LeadChange): NewAuditEntry => ({
    actor: by,
    action: "lead.updated",
    target: id,
    details: {
      ...(change.status
        ? { status: change.status.to, closeReason: change.status.closeReason }
        : {}),
      ...(change.owner ? { owner: change.owner.to } : {}),
    },
  }),
  note: (by: string, id: string): NewAuditEntry => ({
    actor: by,
    action: "lead.note-added",
    target: id,
    details: {},
  }),
  reply: (by: string, id: string, mailId: string): NewAuditEntry => ({
    actor: by,
    action: "lead.replied",
    target: id,
    details: { mailId },
  }),
};
