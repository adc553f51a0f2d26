import { escapeHtml } from "@site/shared/html";
import { escapeLines } from "@site/shared/html";
import { fieldErrorsOf } from "@site/shared/schemas";
import {
  leadsPageSize,
  leadsQuerySchema,
  leadUpdateRequestSchema,
  noteRequestSchema,
  officeMessages,
  replyRequestSchema,
  type Lead,
  type LeadEvent,
  type LeadsPage,
  type LeadSummary,
} from "@site/shared/office";
import { csvField } from "../common/csv.js";
import { decodeCursor, encodeCursor } from "../common/keyset-cursor.js";
import { messageIdOf } from "../mail/message-id.js";
import type { MailStore, NewMail } from "../mail/port.js";
import { htmlDocument } from "../mail/html-document.js";
import { oneLine, signatureHtml, signatureText, type MailIdentity } from "../mail/templates.js";
import type { StaffRecord, StaffStore } from "../staff/port.js";
import type { LeadChange, LeadEventRecord, LeadFilter, LeadRecord, LeadStore } from "./port.js";

type Invalid = { kind: "invalid"; fieldErrors: Record<string, string> };

export interface LeadsService {
  list(query: unknown, me: StaffRecord): Promise<{ kind: "page"; page: LeadsPage } | Invalid>;
  /** The CSV of every lead under the filters (newest first), or the validation error. */
  csv(
    query: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "csv"; rows: AsyncIterable<string> } | Invalid>;
  get(id: string): Promise<{ lead: Lead; history: LeadEvent[] } | null>;
  update(
    id: string,
    body: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "updated"; lead: Lead } | Invalid | { kind: "not-found" }>;
  addNote(
    id: string,
    body: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "added"; event: LeadEvent } | Invalid | { kind: "not-found" }>;
  reply(
    id: string,
    body: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "added"; event: LeadEvent } | Invalid | { kind: "not-found" }>;
}

/** The cursor the API hands out: the last lead's time and id (common/keyset-cursor.ts). */
export { decodeCursor, encodeCursor };

export const toSummary = (lead: LeadRecord): LeadSummary => ({
  id: lead.id,
  name: lead.name,
  email: lead.email,
  subject: lead.subject,
  status: lead.status,
  closeReason: lead.closeReason,
  owner: lead.owner,
  locale: lead.locale,
  createdAt: lead.createdAt.toISOString(),
  firstAnsweredAt: lead.firstAnsweredAt?.toISOString() ?? null,
});

const toLead = (lead: LeadRecord): Lead => ({
  ...toSummary(lead),
  phone: lead.phone ?? null,
  description: lead.description,
  consent: {
    at: lead.consent.at.toISOString(),
    page: lead.consent.page,
    noticeVersion: lead.consent.noticeVersion,
  },
});

const toEvent = (event: LeadEventRecord): LeadEvent =>
  ({ ...event, at: event.at.toISOString() }) as LeadEvent;

const dayMs = 24 * 60 * 60 * 1000;

const csvColumns = [
  "id",
  "createdAt",
  "status",
  "closeReason",
  "owner",
  "name",
  "email",
  "phone",
  "subject",
  "description",
  "locale",
  "firstAnsweredAt",
] as const;

/** The reply a staff member writes, from the firm's address, answered to them, threaded to the notification. */
export function replyMail(
  lead: LeadRecord,
  reply: { subject: string; body: string },
  from: StaffRecord,
  notificationMessageId: string | null,
  identity: MailIdentity,
): NewMail {
  const subject = oneLine(reply.subject);
  const text = [reply.body, "", from.name, "", signatureText(identity, lead.locale)].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeLines(reply.body, "\n")}</p>`,
      `<p>${escapeHtml(from.name)}</p>`,
      signatureHtml(identity, lead.locale),
    ].join("\n"),
    lead.locale,
  );
  return {
    message: {
      to: lead.email,
      replyTo: from.email,
      subject,
      text,
      html,
      ...(notificationMessageId
        ? { headers: { "In-Reply-To": notificationMessageId, References: notificationMessageId } }
        : {}),
    },
    meta: { kind: "lead-reply", contactId: lead.id },
  };
}

export function createLeadsService({
  store,
  identity,
  mailFrom,
  onMailQueued = () => undefined,
}: {
  store: LeadStore & Pick<StaffStore, "getStaff" | "recordAudit"> & Pick<MailStore, "listMails">;
  identity: MailIdentity;
  /** MAIL_FROM: its domain makes the Message-IDs a reply is threaded to (mail/message-id.ts). */
  mailFrom: string;
  onMailQueued?: () => void;
}): LeadsService {
  const filterOf = (query: unknown, me: StaffRecord) => {
    const parsed = leadsQuerySchema.safeParse(query);
    if (!parsed.success)
      return { kind: "invalid" as const, fieldErrors: fieldErrorsOf(parsed.error) };
    const { status, owner, locale, from, to, q, cursor } = parsed.data;
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && after === null)
      return { kind: "invalid" as const, fieldErrors: { cursor: officeMessages.invalidCursor } };
    const filter: LeadFilter = {
      status,
      owner: owner === "me" ? me.email : owner === "none" ? { none: true } : owner,
      locale,
      from: from ? new Date(`${from}T00:00:00Z`) : undefined,
      before: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + dayMs) : undefined,
      q,
    };
    return { kind: "filter" as const, filter, after };
  };

  return {
    async list(query, me) {
      const parsed = filterOf(query, me);
      if (parsed.kind === "invalid") return parsed;
      const [page, { counts, medianFirstAnswerMs }] = await Promise.all([
        store.listLeads(parsed.filter, leadsPageSize, parsed.after),
        store.leadStats(parsed.filter),
      ]);
      return {
        kind: "page",
        page: {
          items: page.items.map(toSummary),
          nextCursor: page.next ? encodeCursor(page.next) : null,
          counts,
          medianFirstAnswerMs,
        },
      };
    },

    async csv(query, me) {
      const parsed = filterOf(query, me);
      if (parsed.kind === "invalid") return parsed;
      const { filter } = parsed;
      // Every export is audited, with the filter it used (never the rows).
      await store.recordAudit({
        actor: me.email,
        action: "leads.exported",
        target: null,
        details: {
          status: filter.status ?? null,
          owner: typeof filter.owner === "object" ? "none" : (filter.owner ?? null),
          locale: filter.locale ?? null,
          from: filter.from?.toISOString() ?? null,
          before: filter.before?.toISOString() ?? null,
          q: filter.q ?? null,
        },
      });
      async function* rows(): AsyncIterable<string> {
        yield `${csvColumns.join(",")}\r\n`;
        for await (const batch of store.eachLead(filter, 500)) {
          for (const lead of batch) {
            const values: Record<(typeof csvColumns)[number], string> = {
              id: lead.id,
              createdAt: lead.createdAt.toISOString(),
              status: lead.status,
              closeReason: lead.closeReason ?? "",
              owner: lead.owner ?? "",
              name: lead.name,
              email: lead.email,
              phone: lead.phone ?? "",
              subject: lead.subject,
              description: lead.description,
              locale: lead.locale,
              firstAnsweredAt: lead.firstAnsweredAt?.toISOString() ?? "",
            };
            yield `${csvColumns.map((column) => csvField(values[column])).join(",")}\r\n`;
          }
        }
      }
      return { kind: "csv", rows: rows() };
    },

    async get(id) {
      const lead = await store.getLead(id);
      if (!lead) return null;
      const history = await store.leadHistory(id);
      return { lead: toLead(lead), history: history.map(toEvent) };
    },

    async update(id, body, me) {
      const parsed = leadUpdateRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { status, closeReason, owner } = parsed.data;
      if (owner !== undefined && owner !== null && !(await store.getStaff(owner)))
        return { kind: "invalid", fieldErrors: { owner: officeMessages.ownerNotStaff } };
      const change: LeadChange = {
        ...(status
          ? {
              status: {
                to: status,
                closeReason: status === "closed" ? (closeReason ?? null) : null,
              },
            }
          : {}),
        ...(owner !== undefined ? { owner: { to: owner } } : {}),
      };
      const updated = await store.updateLead(id, me.email, change);
      return updated ? { kind: "updated", lead: toLead(updated.lead) } : { kind: "not-found" };
    },

    async addNote(id, body, me) {
      const parsed = noteRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const event = await store.addNote(id, me.email, parsed.data.text);
      return event ? { kind: "added", event: toEvent(event) } : { kind: "not-found" };
    },

    async reply(id, body, me) {
      const parsed = replyRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const lead = await store.getLead(id);
      if (!lead) return { kind: "not-found" };
      const notification = (await store.listMails({ contactId: id })).find(
        (mail) => mail.meta.kind === "contact-notification",
      );
      const mail = replyMail(
        lead,
        parsed.data,
        me,
        notification ? messageIdOf(notification.id, mailFrom) : null,
        identity,
      );
      const event = await store.addReply(id, me.email, parsed.data, mail);
      if (!event) return { kind: "not-found" };
      onMailQueued();
      return { kind: "added", event: toEvent(event) };
    },
  };
}
