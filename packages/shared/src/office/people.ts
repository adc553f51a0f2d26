import * as z from "zod/mini";
import { locales } from "../i18n/index.js";
import { fieldLimits, freeText } from "../schemas/index.js";
import {
  dataRequestChannels,
  dataRequestKinds,
  officeLimits,
  peopleLimits,
  peopleMessages,
} from "./constants.js";
import { day, cursorParam, optionalParam } from "./fields.js";
import { officeMessages } from "./messages.js";

/*
 * People's data requests (apps/admin-api/src/personal-data/office-*.ts): finding everything held about
 * an address, its JSON export, its erasure (owners only), and the register of the requests people make.
 * An address travels only in POST bodies; the register's entries keep it until the person is erased.
 */

const isoDateTime = z.iso.datetime();

/**
 * A person's address as staff type it. Only its length and characters are checked here: the API finds
 * it by its key with the lenient rule addresses were once stored under (personal-data/service.ts), so an
 * address the forms accepted years ago is still found.
 */
const personAddress = z
  .string({ error: officeMessages.emailInvalid })
  .check(...freeText(fieldLimits.email, z.minLength(1, { error: officeMessages.emailInvalid })));

/** A register entry's id as the stores make them (UUIDs, Firestore's 20-character ids). */
const requestId = z
  .string({ error: peopleMessages.requestNotFound })
  .check(z.maxLength(64), z.regex(/^[\w-]{1,64}$/, { error: peopleMessages.requestNotFound }));

/** POST /api/office/people/find (any staff; audited `person.viewed`). */
export const personFindRequestSchema = z.object({ email: personAddress });
export type PersonFindRequest = z.input<typeof personFindRequestSchema>;

/**
 * POST /api/office/people/export (any staff; audited `person.exported`): the JSON file handed to the
 * person. With `requestId`, the register's entry is marked answered in the same write.
 */
export const personExportRequestSchema = z.object({
  email: personAddress,
  requestId: z.optional(requestId),
});
export type PersonExportRequest = z.input<typeof personExportRequestSchema>;

/**
 * POST /api/office/people/erase (owners only; audited `person.erased` with the address's keyed hash).
 * `confirmation` is the address typed again; it must have the same key as `email`.
 */
export const personEraseRequestSchema = z.object({
  email: personAddress,
  confirmation: z
    .string({ error: peopleMessages.confirmationMismatch })
    .check(z.maxLength(fieldLimits.email + 20, { error: peopleMessages.confirmationMismatch })),
  requestId: z.optional(requestId),
});
export type PersonEraseRequest = z.input<typeof personEraseRequestSchema>;

const consentSchema = z.object({
  at: isoDateTime,
  page: z.nullable(z.string()),
  noticeVersion: z.nullable(z.string()),
});

// ---- The register ----------------------------------------------------------------------------------

/** One request in the register. `email` is null once the person was erased (`addressHash` stays). */
export const dataRequestSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  /** The keyed hash (HMAC) of the address's key: what remains after an erasure. */
  addressHash: z.string(),
  kind: z.enum(dataRequestKinds),
  channel: z.enum(dataRequestChannels),
  note: z.string(),
  receivedOn: z.string(),
  answeredOn: z.nullable(z.string()),
  recordedBy: z.nullable(z.string()),
  answeredBy: z.nullable(z.string()),
  createdAt: isoDateTime,
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** POST /api/office/data-requests (any staff; audited `data-request.recorded`). */
export const dataRequestInputSchema = z.object({
  email: personAddress,
  kind: z.enum(dataRequestKinds, { error: peopleMessages.kindRequired }),
  channel: z.enum(dataRequestChannels, { error: peopleMessages.channelRequired }),
  receivedOn: day,
  note: z.optional(
    z.string({ error: peopleMessages.noteTooLong }).check(...freeText(peopleLimits.note)),
  ),
});
export type DataRequestInput = z.input<typeof dataRequestInputSchema>;

/** GET /api/office/data-requests: `open` lists only the unanswered. */
export const dataRequestsQuerySchema = z.object({
  state: optionalParam(z.enum(["open", "answered"], { error: officeMessages.invalidRequest })),
  cursor: optionalParam(cursorParam(officeLimits.cursor)),
});
export type DataRequestsQuery = z.input<typeof dataRequestsQuerySchema>;

export const dataRequestsPageSchema = z.object({
  items: z.array(dataRequestSchema),
  nextCursor: z.nullable(z.string()),
});
export type DataRequestsPage = z.infer<typeof dataRequestsPageSchema>;

/** GET /api/office/data-requests/:id, and the answer of recording or answering one. */
export const dataRequestAnswerSchema = z.object({ request: dataRequestSchema });
export type DataRequestAnswer = z.infer<typeof dataRequestAnswerSchema>;

// ---- What is held about a person -------------------------------------------------------------------

/** The answer of POST /api/office/people/find: everything held about the address, on one page. */
export const personDataSchema = z.object({
  email: z.string(),
  subscription: z.nullable(
    z.object({
      id: z.string(),
      email: z.string(),
      status: z.enum(["subscribed", "unsubscribed"]),
      locale: z.enum(locales),
      consent: consentSchema,
      unsubscribedAt: z.nullable(isoDateTime),
      createdAt: isoDateTime,
    }),
  ),
  inquiries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
      subject: z.string(),
      description: z.string(),
      status: z.string(),
      locale: z.enum(locales),
      consent: consentSchema,
      createdAt: isoDateTime,
    }),
  ),
  comments: z.array(
    z.object({
      id: z.string(),
      post: z.string(),
      name: z.string(),
      text: z.string(),
      status: z.string(),
      createdAt: isoDateTime,
    }),
  ),
  mails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      state: z.string(),
      createdAt: isoDateTime,
    }),
  ),
  /** The register's entries for this address. */
  requests: z.array(dataRequestSchema),
});
export type PersonData = z.infer<typeof personDataSchema>;

/** The answer of POST /api/office/people/erase: the erasure record (never the address). */
export const erasureAnswerSchema = z.object({
  erasure: z.object({
    id: z.string(),
    addressHash: z.string(),
    erasedAt: isoDateTime,
    deleted: z.object({
      subscriptions: z.number(),
      contacts: z.number(),
      comments: z.number(),
      mails: z.number(),
    }),
  }),
});
export type ErasureAnswer = z.infer<typeof erasureAnswerSchema>;
