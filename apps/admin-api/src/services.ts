import type { Store } from "./ports/store.js";
import { createAdminMailService, type AdminMailService } from "./mail/admin-service.js";
import { createContactService, type ContactService } from "./contacts/service.js";
import { randomBytes } from "node:crypto";
import { systemClock } from "./ports/clock.js";
import { createDataKey } from "./common/data-key.js";
import { createFingerprint, createIdempotency, type Fingerprint } from "./common/idempotency/fingerprint.js";
import {
  createAutomaticMailLimiter,
  defaultMailLimits,
  type AutomaticMailLimiter,
} from "./mail/limits.js";
import type { MailIdentity } from "./mail/templates.js";
import { createSubscriptionService, type SubscriptionService } from "./newsletter/subscription-service.js";
import type { Clock } from "./ports/clock.js";
import type { DataKey } from "./common/data-key.js";
import { createPersonalDataService, type PersonalDataService } from "./personal-data/service.js";
import { createUnsubscribeLinks, type UnsubscribeLinks } from "./newsletter/unsubscribe-links.js";
import { createUnsubscribeService, type UnsubscribeService } from "./newsletter/unsubscribe-service.js";
import { createResubscribeLinks } from "./newsletter/resubscribe-links.js";
import { createResubscribeService, type ResubscribeService } from "./newsletter/resubscribe-service.js";
import { blogPosts } from "@site/shared/blog/posts";
import { createModerationLinks } from "./comments/moderation-links.js";
import { createFormStartTokens } from "./comments/form-start.js";
import {
  createStaffService,
  defaultSessionSettings,
  type SessionSettings,
  type StaffService,
} from "./staff/service.js";
import { createLeadsService, type LeadsService } from "./leads/service.js";
import { createOfficeOutbox, type OfficeOutbox } from "./mail/office-service.js";
import { createSubscriberOfficeService, type SubscriberOfficeService } from "./newsletter/office-service.js";
import { createOverviewService, type OverviewService } from "./overview/service.js";
import type { FirebaseSessions } from "./staff/port.js";
import { createOfficePeopleService, type OfficePeopleService } from "./personal-data/office-service.js";
import { createOfficeAuditService, type OfficeAuditService } from "./staff/office-audit-service.js";
import {
  createCommentService,
  defaultCommentLimits,
  type CommentLimits,
  type CommentService,
} from "./comments/service.js";

/** The default caps (config.ts's defaults), a random key, the system clock; skips are not logged. */
function processLocalLimiter(inbox: string): AutomaticMailLimiter {
  return createAutomaticMailLimiter({
    dataKey: createDataKey(randomBytes(32).toString("hex")),
    limits: defaultMailLimits,
    inbox,
    clock: systemClock,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

export interface Services {
  subscriptions: SubscriptionService;
  contacts: ContactService;
  adminMail: AdminMailService;
  unsubscribe: UnsubscribeService;
  /** An address that had unsubscribed comes back through the link mailed to it (Decision 10). */
  resubscribe: ResubscribeService;
  personalData: PersonalDataService;
  comments: CommentService;
  /** The office: staff, sign-in and sessions (staff/), and the leads inbox (leads/). */
  staff: StaffService;
  leads: LeadsService;
  /** The office's mail outbox (mail/office-*.ts). */
  outbox: OfficeOutbox;
  /** The office's people's data requests (personal-data/office-*.ts) and audit log (staff/office-audit-*.ts). */
  people: OfficePeopleService;
  audit: OfficeAuditService;
  /** The office's subscribers (newsletter/office-*.ts) and its first screen (overview/). */
  subscriberOffice: SubscriberOfficeService;
  overview: OverviewService;
}

/**
 * Every use case over one store, as main.ts, the tests and the benchmark all wire them. `onMailQueued`
 * is told after each commit that queued mail (main.ts wakes the outbox worker with it, so mail leaves
 * at once instead of at the next poll).
 */
export function createServices({
  store,
  identity,
  limiter = processLocalLimiter(identity.contactInbox),
  onMailQueued = () => undefined,
  secret,
  clock = systemClock,
  commentLimits = defaultCommentLimits,
  sessions = defaultSessionSettings,
  mailFrom = `no-reply@${new URL(identity.siteUrl).hostname}`,
  firebaseSessions,
  auditRetentionDays = 400,
}: {
  store: Store;
  identity: MailIdentity;
  /**
   * The caps on automatic mail to visitors (mail/limits.ts). main.ts passes the configured one.
   * Omitted (tests that do not look at limits): the default caps, under a key made for this process.
   */
  limiter?: AutomaticMailLimiter;
  onMailQueued?: () => void;
  /**
   * The secret of the data key (DATA_KEY_SECRET or its generated file): keys the unsubscribe links and
   * the erasure records' address hashes. Omitted (tests): a random one for this process.
   */
  secret?: string;
  clock?: Clock;
  /** The comment form's fill time, per-post limit and thread cache (COMMENT_* in config.ts). */
  commentLimits?: CommentLimits;
  /** The office's session expiry (OFFICE_SESSION_IDLE_MS, OFFICE_SESSION_MAX_MS). */
  sessions?: SessionSettings;
  /** MAIL_FROM, whose domain the transports' Message-IDs use: a lead's reply is threaded to its notification's. */
  mailFrom?: string;
  /** OFFICE_SIGN_IN=firebase: firebase-admin's session cookies (adapters/firebase-auth.ts). */
  firebaseSessions?: FirebaseSessions | undefined;
  /** OFFICE_AUDIT_RETENTION_DAYS, which the audit screen shows. */
  auditRetentionDays?: number;
}): Services {
  const theSecret = secret ?? randomBytes(32).toString("hex");
  const keys = secretKeys(theSecret, identity.siteUrl);
  const idempotency = createIdempotency({ fingerprint: keys.fingerprint, clock });
  // A key of its own, derived from the same secret (newsletter/resubscribe-links.ts).
  const resubscribeLinks = createResubscribeLinks({
    secret: theSecret,
    siteUrl: identity.siteUrl,
    clock,
  });
  const subscriberOffice = createSubscriberOfficeService({ store, clock });
  return {
    subscriberOffice,
    overview: createOverviewService({ store, trend: subscriberOffice.trend, clock }),
    subscriptions: createSubscriptionService({
      store,
      identity,
      links: keys.links,
      resubscribeLinks,
      limiter,
      idempotency,
      onMailQueued,
    }),
    unsubscribe: createUnsubscribeService({ store, links: keys.links }),
    resubscribe: createResubscribeService({
      store,
      links: resubscribeLinks,
      unsubscribeLinks: keys.links,
      limiter,
      identity,
      onMailQueued,
    }),
    personalData: createPersonalDataService({ store, dataKey: keys.dataKey, clock }),
    contacts: createContactService({ store, identity, limiter, idempotency, onMailQueued }),
    adminMail: createAdminMailService({ store, identity, onMailQueued }),
    staff: createStaffService({
      store,
      identity,
      clock,
      secret: theSecret,
      settings: sessions,
      onMailQueued,
      firebase: firebaseSessions,
    }),
    leads: createLeadsService({ store, identity, mailFrom, onMailQueued }),
    outbox: createOfficeOutbox({
      store,
      dailyCap: limiter.limits.automaticDailyCap,
      clock,
      onMailQueued,
    }),
    people: createOfficePeopleService({ store, dataKey: keys.dataKey, clock }),
    audit: createOfficeAuditService({ store, retentionDays: auditRetentionDays }),
    comments: createCommentService({
      store,
      identity,
      // Keys of their own, derived from the same secret (comments/moderation-links.ts, comment-form-start.ts).
      links: createModerationLinks({ secret: theSecret, siteUrl: identity.siteUrl, clock }),
      formStart: createFormStartTokens({
        secret: theSecret,
        clock,
        minFillMs: commentLimits.minFillMs,
      }),
      posts: blogPosts,
      clock,
      limits: commentLimits,
      idempotency,
      onMailQueued,
    }),
  };
}

/**
 * What the one secret keys: the personal unsubscribe links, the address hashes of erasure records and the
 * fingerprints of submissions' idempotency keys.
 */
function secretKeys(
  secret: string,
  siteUrl: string,
): { links: UnsubscribeLinks; dataKey: DataKey; fingerprint: Fingerprint } {
  return {
    links: createUnsubscribeLinks({ secret, siteUrl }),
    dataKey: createDataKey(secret),
    fingerprint: createFingerprint(secret),
  };
}
