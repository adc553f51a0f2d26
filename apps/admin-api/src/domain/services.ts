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

/** Every use case over one store, as main.ts, the tests and the benchmark all wire them. */
export function createServices({
  store,
  identity,
}: {
  store: Store;
  identity: MailIdentity;
}): Services {
  return {
    subscriptions: createSubscriptionService({ store }),
    contacts: createContactService({ store, identity }),
    adminMail: createAdminMailService({ store, identity }),
  };
}
