import { emailKey, fieldLimits } from "@site/shared/schemas";
import type {
  ConsentRecord,
  ErasureRecord,
  NewAuditEntry,
  PersonalData,
  Store,
  SubscriptionRecord,
} from "../ports/store.js";
import type { Clock } from "../ports/clock.js";
import type { DataKey } from "../common/data-key.js";

/** Everything held about one address, as the firm hands it to the person (or an operator reads it). */
export interface PersonalDataExport extends PersonalData {
  email: string;
  exportedAt: Date;
  /** Each consent on record, from the subscription, every contact and every comment, oldest first. */
  consents: (ConsentRecord & { source: "subscription" | "contact" | "comment"; id: string })[];
}

export type AddressOutcome<T> = { kind: "ok"; value: T } | { kind: "invalid" };

/**
 * A person's rights under Kenya's Data Protection Act 2019 (see, correct by hand, erase), for the
 * operator command and the admin endpoint, and the subscriber list the firm exports. The stores find a
 * person by the address's key (shared `emailKey`), however the address was typed.
 */
export interface PersonalDataService {
  export(email: unknown): Promise<AddressOutcome<PersonalDataExport>>;
  /** Deletes it everywhere and records only that an erasure happened (when, the address's keyed hash). */
  erase(email: unknown): Promise<AddressOutcome<ErasureRecord>>;
  /** The subscribed only, as CSV `email,name,attributes` (the columns newsletter tools import). */
  subscribersCsv(): Promise<string>;
}

/**
 * The key of an address a person or operator gives (shared `emailKey`), or null for what cannot be one.
 * Checked with the pattern the forms used before it was narrowed (text, one at sign, a domain with a
 * dot, no spaces), not today's: an address stored under it (`o'neil,jr@x.com`) must still be found and
 * erased.
 */
export function personalDataAddress(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const key = emailKey(email);
  if (key.length === 0 || key.length > fieldLimits.email || /\s/.test(key)) return null;
  const [local = "", domain = "", ...rest] = key.split("@");
  const dot = domain.indexOf(".", 1);
  return local !== "" && rest.length === 0 && dot > 0 && dot < domain.length - 1 ? key : null;
}

export { csvField } from "../common/csv.js";
import { csvField } from "../common/csv.js";

/** A subscriber's attributes column: when and under which notice they subscribed. */
function attributes(subscription: SubscriptionRecord): string {
  return JSON.stringify({
    subscribedAt: subscription.consent.at.toISOString(),
    consentPage: subscription.consent.page,
    noticeVersion: subscription.consent.noticeVersion,
  });
}

/**
 * Everything held about an address's key, as the firm hands it over: the records and each consent on
 * record, oldest first. Reads only; the callers audit.
 */
export async function gatherPersonalData(
  store: Pick<Store, "findPersonalData">,
  email: string,
  exportedAt: Date,
): Promise<PersonalDataExport> {
  const data = await store.findPersonalData(email);
  const consents: PersonalDataExport["consents"] = [
    ...(data.subscription
      ? [
          {
            source: "subscription" as const,
            id: data.subscription.id,
            ...data.subscription.consent,
          },
        ]
      : []),
    ...data.contacts.map((contact) => ({
      source: "contact" as const,
      id: contact.id,
      ...contact.consent,
    })),
    ...data.comments.map((comment) => ({
      source: "comment" as const,
      id: comment.id,
      ...comment.consent,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return { email, exportedAt, ...data, consents };
}

/** The counts an audit entry of a person's data carries (never its content). */
export const heldCounts = (data: PersonalData): Record<string, string> => ({
  subscription: data.subscription ? data.subscription.status : "none",
  inquiries: String(data.contacts.length),
  comments: String(data.comments.length),
  mails: String(data.mails.length),
});

/** An erasure's audit entry: the address's keyed hash as its target, the counts deleted. */
export const erasureAudit = (
  actor: string | null,
  addressHash: string,
  erasure: Pick<ErasureRecord, "id" | "deleted">,
  request: string | null = null,
): NewAuditEntry => ({
  actor,
  action: "person.erased",
  target: addressHash,
  details: {
    erasure: erasure.id,
    subscriptions: String(erasure.deleted.subscriptions),
    inquiries: String(erasure.deleted.contacts),
    comments: String(erasure.deleted.comments),
    mails: String(erasure.deleted.mails),
    request,
  },
});

/**
 * The operator command's and the bearer-token endpoints' service. Their exports and erasures are in the
 * office's audit log as the system's (actor null), the erasure's entry in its own transaction.
 */
export function createPersonalDataService({
  store,
  dataKey,
  clock,
}: {
  store: Store;
  /** The keyed hash an erasure record keeps instead of the address. */
  dataKey: DataKey;
  clock: Clock;
}): PersonalDataService {
  return {
    async export(input) {
      const email = personalDataAddress(input);
      if (email === null) return { kind: "invalid" };
      const value = await gatherPersonalData(store, email, clock.now());
      await store.recordAudit({
        actor: null,
        action: "person.exported",
        target: dataKey(email),
        details: heldCounts(value),
      });
      return { kind: "ok", value };
    },
    async erase(input) {
      const email = personalDataAddress(input);
      if (email === null) return { kind: "invalid" };
      const addressHash = dataKey(email);
      return {
        kind: "ok",
        value: await store.erasePersonalData(email, {
          addressHash,
          audit: (erasure) => [erasureAudit(null, addressHash, erasure)],
        }),
      };
    },
    async subscribersCsv() {
      const subscribers = await store.listSubscribers();
      await store.recordAudit({
        actor: null,
        action: "subscribers.exported",
        target: null,
        details: { subscribers: String(subscribers.length), status: "subscribed" },
      });
      const rows = subscribers.map((subscription) =>
        // No names are collected with a subscription: the column is there for the tools' format.
        [subscription.email, "", attributes(subscription)].map(csvField).join(","),
      );
      return `${["email,name,attributes", ...rows].join("\r\n")}\r\n`;
    },
  };
}
