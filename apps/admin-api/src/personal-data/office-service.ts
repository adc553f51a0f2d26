import {
  dataRequestInputSchema,
  dataRequestsPageSize,
  dataRequestsQuerySchema,
  officeMessages,
  peopleMessages,
  personEraseRequestSchema,
  personExportRequestSchema,
  personFindRequestSchema,
  type DataRequest,
  type DataRequestsPage,
  type PersonData,
} from "@site/shared/office";
import { emailKey, fieldErrorsOf } from "@site/shared/schemas";
import type { DataKey } from "../common/data-key.js";
import { decodeCursor, encodeCursor } from "../common/keyset-cursor.js";
import type { Clock } from "../ports/clock.js";
import type { NewAuditEntry, StaffRecord, StaffStore } from "../staff/port.js";
import type { DataRequestRecord, ErasureRecord, PersonalDataStore } from "./port.js";
import {
  erasureAudit,
  gatherPersonalData,
  heldCounts,
  personalDataAddress,
  type PersonalDataExport,
} from "./service.js";

type Invalid = { kind: "invalid"; fieldErrors: Record<string, string> };
type NotFound = { kind: "not-found" };

/**
 * The office's side of people's data requests (Kenya's Data Protection Act 2019): find everything held
 * about an address, hand it over as JSON, erase it (the route lets owners only), and the register of the
 * requests themselves. Every act is audited with the address's keyed hash as its target, never the
 * address, so the audit log holds no one's address once they are erased.
 */
export interface OfficePeopleService {
  find(body: unknown, me: StaffRecord): Promise<{ kind: "found"; person: PersonData } | Invalid>;
  export(
    body: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "exported"; data: PersonalDataExport } | Invalid | NotFound>;
  erase(
    body: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "erased"; erasure: ErasureRecord } | Invalid | NotFound>;
  record(
    body: unknown,
    me: StaffRecord,
  ): Promise<{ kind: "recorded"; request: DataRequest } | Invalid>;
  list(query: unknown): Promise<{ kind: "page"; page: DataRequestsPage } | Invalid>;
  get(id: string): Promise<DataRequest | null>;
  /** Marks an entry answered by hand (a request answered outside the office: by post, say). */
  answer(id: string, me: StaffRecord): Promise<DataRequest | null>;
}

export const toDataRequest = (record: DataRequestRecord): DataRequest => ({
  ...record,
  createdAt: record.createdAt.toISOString(),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the office shows of what is held (the JSON export carries everything, mail bodies included). */
function toPersonData(data: PersonalDataExport, requests: DataRequestRecord[]): PersonData {
  const consent = (record: {
    consent: { at: Date; page: string | null; noticeVersion: string | null };
  }) => ({
    at: record.consent.at.toISOString(),
    page: record.consent.page,
    noticeVersion: record.consent.noticeVersion,
  });
  const subscription = data.subscription;
  return {
    email: data.email,
    subscription: subscription
      ? {
          id: subscription.id,
          email: subscription.email,
          status: subscription.status,
          locale: subscription.locale,
          consent: consent(subscription),
          unsubscribedAt: iso(subscription.unsubscribedAt),
          createdAt: subscription.createdAt.toISOString(),
        }
      : null,
    inquiries: data.contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone ?? null,
      subject: contact.subject,
      description: contact.description,
      status: contact.status,
      locale: contact.locale,
      consent: consent(contact),
      createdAt: contact.createdAt.toISOString(),
    })),
    comments: data.comments.map((comment) => ({
      id: comment.id,
      post: comment.post,
      name: comment.name,
      text: comment.text,
      status: comment.status,
      createdAt: comment.createdAt.toISOString(),
    })),
    mails: data.mails.map((mail) => ({
      id: mail.id,
      kind: mail.meta.kind,
      to: mail.message.to,
      subject: mail.message.subject,
      state: mail.delivery.state,
      createdAt: mail.createdAt.toISOString(),
    })),
    requests: requests.map(toDataRequest),
  };
}

export function createOfficePeopleService({
  store,
  dataKey,
  clock,
}: {
  store: PersonalDataStore & Pick<StaffStore, "recordAudit">;
  dataKey: DataKey;
  clock: Clock;
}): OfficePeopleService {
  const today = () => clock.now().toISOString().slice(0, 10);
  const invalidEmail: Invalid = {
    kind: "invalid",
    fieldErrors: { email: officeMessages.emailInvalid },
  };

  /**
   * The request's address as its key (the lenient rule of personal-data/service.ts) and the register
   * entry it names, or the refusal.
   */
  const parse = (
    body: unknown,
    schema: typeof personFindRequestSchema | typeof personExportRequestSchema,
  ) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      return { kind: "invalid" as const, fieldErrors: fieldErrorsOf(parsed.error) };
    const key = personalDataAddress(parsed.data.email);
    const requestId =
      "requestId" in parsed.data ? (parsed.data.requestId as string | undefined) : undefined;
    return key === null ? invalidEmail : { kind: "ok" as const, key, requestId };
  };

  /** The register entry an export or erasure answers: it must exist and be this address's. */
  const entryFor = async (requestId: string | undefined, key: string) => {
    if (requestId === undefined) return { kind: "none" as const };
    const entry = await store.getDataRequest(requestId);
    if (!entry) return { kind: "not-found" as const };
    if (entry.email === null || emailKey(entry.email) !== key)
      return {
        kind: "invalid" as const,
        fieldErrors: { requestId: peopleMessages.requestAddressGone },
      };
    return { kind: "entry" as const, entry };
  };

  const answeredAudit = (by: string, id: string, how: string): NewAuditEntry => ({
    actor: by,
    action: "data-request.answered",
    target: id,
    details: { by: how },
  });

  return {
    async find(body, me) {
      const address = parse(body, personFindRequestSchema);
      if (address.kind === "invalid") return address;
      const data = await gatherPersonalData(store, address.key, clock.now());
      const requests = await store.dataRequestsOf(address.key);
      await store.recordAudit({
        actor: me.email,
        action: "person.viewed",
        target: dataKey(address.key),
        details: heldCounts(data),
      });
      return { kind: "found", person: toPersonData(data, requests) };
    },

    async export(body, me) {
      const address = parse(body, personExportRequestSchema);
      if (address.kind === "invalid") return address;
      const entry = await entryFor(address.requestId, address.key);
      if (entry.kind === "not-found" || entry.kind === "invalid") return entry;
      const data = await gatherPersonalData(store, address.key, clock.now());
      const exported: NewAuditEntry = {
        actor: me.email,
        action: "person.exported",
        target: dataKey(address.key),
        details: {
          ...heldCounts(data),
          request: entry.kind === "entry" ? entry.entry.id : null,
        },
      };
      if (entry.kind === "entry") {
        const answered = await store.answerDataRequest(
          { id: entry.entry.id, by: me.email, on: today() },
          [
            exported,
            ...(entry.entry.answeredOn === null
              ? [answeredAudit(me.email, entry.entry.id, "export")]
              : []),
          ],
        );
        if (!answered) return { kind: "not-found" };
      } else await store.recordAudit(exported);
      return { kind: "exported", data: data };
    },

    async erase(body, me) {
      const parsed = personEraseRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const key = personalDataAddress(parsed.data.email);
      if (key === null) return invalidEmail;
      // The typed confirmation must be the same address, however it was typed (its key).
      if (emailKey(parsed.data.confirmation) !== key)
        return {
          kind: "invalid",
          fieldErrors: { confirmation: peopleMessages.confirmationMismatch },
        };
      const entry = await entryFor(parsed.data.requestId, key);
      if (entry.kind === "not-found" || entry.kind === "invalid") return entry;
      const addressHash = dataKey(key);
      const erasure = await store.erasePersonalData(key, {
        addressHash,
        answer:
          entry.kind === "entry" ? { id: entry.entry.id, by: me.email, on: today() } : undefined,
        audit: (erased) => [
          erasureAudit(
            me.email,
            addressHash,
            erased,
            entry.kind === "entry" ? entry.entry.id : null,
          ),
          ...(entry.kind === "entry" && entry.entry.answeredOn === null
            ? [answeredAudit(me.email, entry.entry.id, "erasure")]
            : []),
        ],
      });
      return { kind: "erased", erasure };
    },

    async record(body, me) {
      const parsed = dataRequestInputSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const key = personalDataAddress(parsed.data.email);
      if (key === null) return invalidEmail;
      if (parsed.data.receivedOn > today())
        return { kind: "invalid", fieldErrors: { receivedOn: peopleMessages.receivedInFuture } };
      const request = await store.addDataRequest(
        {
          email: parsed.data.email,
          addressHash: dataKey(key),
          kind: parsed.data.kind,
          channel: parsed.data.channel,
          note: parsed.data.note ?? "",
          receivedOn: parsed.data.receivedOn,
          recordedBy: me.email,
        },
        {
          actor: me.email,
          action: "data-request.recorded",
          target: null,
          details: { kind: parsed.data.kind, channel: parsed.data.channel },
        },
      );
      return { kind: "recorded", request: toDataRequest(request) };
    },

    async list(query) {
      const parsed = dataRequestsQuerySchema.safeParse(query);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { state, cursor } = parsed.data;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && after === null)
        return { kind: "invalid", fieldErrors: { cursor: officeMessages.invalidCursor } };
      const page = await store.listDataRequests({ state }, dataRequestsPageSize, after);
      return {
        kind: "page",
        page: {
          items: page.items.map(toDataRequest),
          nextCursor: page.next ? encodeCursor(page.next) : null,
        },
      };
    },

    async get(id) {
      const entry = await store.getDataRequest(id);
      return entry ? toDataRequest(entry) : null;
    },

    async answer(id, me) {
      const entry = await store.getDataRequest(id);
      if (!entry) return null;
      const answered = await store.answerDataRequest(
        { id, by: me.email, on: today() },
        entry.answeredOn === null ? [answeredAudit(me.email, id, "manual")] : [],
      );
      return answered ? toDataRequest(answered) : null;
    },
  };
}
