import { fieldErrorsOf, sendEmailRequestSchema } from "@site/shared/schemas";
import type { Store } from "../ports/store.js";
import { acknowledgementMail, type MailIdentity } from "./templates.js";
import type { Outcome } from "../common/outcomes.js";

export interface AdminMailService {
  /** Queues the spec's send-email acknowledgement; the caller has already been authenticated. */
  queueAcknowledgement(body: unknown): Promise<Outcome>;
}

export function createAdminMailService({
  store,
  identity,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /** Told once the mail is committed. */
  onMailQueued?: () => void;
}): AdminMailService {
  return {
    async queueAcknowledgement(body) {
      const parsed = sendEmailRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      try {
        const { id } = await store.queueMail({
          message: acknowledgementMail(parsed.data, identity),
          meta: { kind: "admin" },
        });
        onMailQueued();
        return { kind: "created", id };
      } catch (cause) {
        return { kind: "unavailable", cause };
      }
    },
  };
}
