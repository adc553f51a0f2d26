import type { Store } from "../ports/store.js";
import { createAdminMailService, type AdminMailService } from "./admin-mail-service.js";
import { createContactService, type ContactService } from "./contact-service.js";
import type { MailIdentity } from "./mails.js";
import { createSubscriptionService, type SubscriptionService } from "./subscription-service.js";

export interface Services {
  subscriptions: SubscriptionService;
  contacts: ContactService;
  adminMail: AdminMailService;
}

/**
 * Every use case over one store, as main.ts, the tests and the benchmark all wire them. `onMailQueued`
 * is told after each commit that queued mail (main.ts wakes the outbox worker with it, so mail leaves
 * at once instead of at the next poll).
 */
export function createServices({
  store,
  identity,
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  onMailQueued?: () => void;
}): Services {
  return {
    subscriptions: createSubscriptionService({ store }),
    contacts: createContactService({ store, identity, onMailQueued }),
    adminMail: createAdminMailService({ store, identity, onMailQueued }),
  };
}
