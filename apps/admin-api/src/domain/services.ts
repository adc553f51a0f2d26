import type { Store } from "../ports/store.js";
import { createAdminMailService, type AdminMailService } from "./admin-mail-service.js";
import { createContactService, type ContactService } from "./contact-service.js";
import { randomBytes } from "node:crypto";
import { systemClock } from "../ports/clock.js";
import { createDataKey } from "./data-key.js";
import {
  createAutomaticMailLimiter,
  defaultMailLimits,
  type AutomaticMailLimiter,
} from "./mail-limits.js";
import type { MailIdentity } from "./mails.js";
import { createSubscriptionService, type SubscriptionService } from "./subscription-service.js";

/** The default caps (config.ts's defaults), a random key, the system clock; skips are not logged. */
function processLocalLimiter(): AutomaticMailLimiter {
  return createAutomaticMailLimiter({
    dataKey: createDataKey(randomBytes(32).toString("hex")),
    limits: defaultMailLimits,
    clock: systemClock,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

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
  limiter = processLocalLimiter(),
  onMailQueued = () => undefined,
}: {
  store: Store;
  identity: MailIdentity;
  /**
   * The caps on automatic mail to visitors (domain/mail-limits.ts). main.ts passes the configured one.
   * Omitted (tests that do not look at limits): the default caps, under a key made for this process.
   */
  limiter?: AutomaticMailLimiter;
  onMailQueued?: () => void;
}): Services {
  return {
    subscriptions: createSubscriptionService({ store }),
    contacts: createContactService({ store, identity, limiter, onMailQueued }),
    adminMail: createAdminMailService({ store, identity, onMailQueued }),
  };
}
