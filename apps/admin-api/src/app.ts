import zlib from "node:zlib";
import { idempotencyKeyHeader, messageKeysHeader } from "@site/shared/schemas";
import compression from "compression";
import cors from "cors";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { Services } from "./services.js";
import { bearerAuth } from "./http/middleware/bearer-auth.js";
import { bodyLimits } from "./http/body-limits.js";
import { refuseCrossSiteWrites } from "./http/middleware/cross-site.js";
import { apiNotFound, errorHandler } from "./http/middleware/errors.js";
import { writeRateLimit } from "./http/middleware/rate-limit.js";
import { requestLogger } from "./http/middleware/request-logger.js";
import { contactHandler } from "./contacts/routes.js";
import { commentHandler, moderationHandler, moderationPageHandler } from "./comments/routes.js";
import { officeCommentsRoutes } from "./comments/office-routes.js";
import { messageRef } from "@site/shared/i18n/message-ref";
import { healthHandler, readyHandler } from "./health/routes.js";
import { sendEmailHandler } from "./mail/send-email-routes.js";
import { subscribeHandler } from "./newsletter/subscription-routes.js";
import {
  erasePersonalDataHandler,
  exportPersonalDataHandler,
  subscribersCsvHandler,
} from "./personal-data/routes.js";
import { unsubscribeHandler, unsubscribePageHandler } from "./newsletter/unsubscribe-routes.js";
import { resubscribeHandler, resubscribePageHandler } from "./newsletter/resubscribe-routes.js";
import { searchPageHandler } from "./search/routes.js";
import { createSite, siteAssetPolicy, publicSiteHeaders } from "./http/site.js";
import type { Clock } from "./ports/clock.js";
import { staffRoutes, type OfficeSignIn } from "./staff/routes.js";
import { leadsRoutes } from "./leads/routes.js";
import { officeOutboxRoutes } from "./mail/office-routes.js";
import { subscriberOfficeRoutes } from "./newsletter/office-routes.js";
import { overviewRoutes } from "./overview/routes.js";
import { officeAppRoutes } from "./staff/office-app-routes.js";
import { officePeopleRoutes } from "./personal-data/office-routes.js";
import { officeAuditRoutes } from "./staff/office-audit-routes.js";
import type { Store } from "./ports/store.js";

export interface AppDeps {
  services: Services;
  /** Only for readiness: the use cases reach the store through the services. */
  store: Pick<Store, "ping" | "outboxStats">;
  clock: Clock;
  logger: Logger;
  security: {
    adminApiToken: string | undefined;
    /** Origins allowed to call the API from a browser; empty = no CORS headers at all. */
    corsOrigins: readonly string[];
    /** SITE_URL: pages at its origin may post to the API (see http/middleware/cross-site.ts). */
    siteUrl: string;
    trustProxy: false | number | string;
    rateLimit: { windowMs: number; max: number };
    /** Comments one client address may send per rate-limit window (COMMENT_RATE_LIMIT_PER_ADDRESS). */
    commentsPerAddress: number;
  };
  /** The firm's office: how staff sign in, its app's build (OFFICE_DIR), its sign-in rate limits. */
  office?: OfficeOptions | undefined;
  /**
   * The prerendered web build to serve; omitted = API only. `warmPosts`: compress the post pages as
   * the app starts (the server does; tests leave each to its first visit).
   */
  site?: { dir: string; warmPosts?: boolean } | undefined;
}

export interface OfficeOptions {
  signIn: OfficeSignIn;
  /** The built office app; undefined: /admin answers 404. */
  dir?: string | undefined;
  /** Sign-in link requests per client address and per requested address, per rate-limit window. */
  linkRequestsPerClient?: number;
  linkRequestsPerAddress?: number;
}

/** The body limit of other endpoints; the forms' own follow from their schemas (http/body-limits.ts). */
export const jsonBodyLimit = "16kb";

/** API answers are data, never documents: nothing may run or frame them. */
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * What is compressed per request: a search's results, a post for a browser without brotli (in brotli it
 * is compressed once per thread: http/site/post-page.ts), a file the build wrote no compressed copy of.
 * Brotli 5, where the library's default is 4: as quick on a post (1.6 ms for 65 kB of HTML) and 6%
 * smaller (15.2 kB instead of 16.2; 6 costs 20% more time for 1% less, 9 twenty times the time).
 */
const pageCompression = { brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } };

/** Builds the Express app. Never listens and never reads the environment: main.ts does both. */
export function createApp(deps: AppDeps): Express {
  const { services, security } = deps;
  const app = express();
  app.disable("x-powered-by");
  // API answers are never cached (no-store) and pages carry their own precomputed ETag: hashing every
  // JSON body for an ETag nobody uses would be wasted work.
  app.set("etag", false);
  app.set("trust proxy", security.trustProxy);

  app.use(requestLogger(deps.logger));
  // helmet's defaults, with the site's CSP; pages and API answers set their own below.
  app.use(
    helmet({
      contentSecurityPolicy: false,
      // Same-origin requests keep their referrer (a form posted without JavaScript is answered with a link
      // back to the page it was on); nothing leaks to other sites.
      referrerPolicy: { policy: "same-origin" },
    }),
  );

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", apiPolicy);
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  if (security.corsOrigins.length > 0) {
    api.use(
      cors({
        origin: [...security.corsOrigins],
        methods: ["GET", "POST"],
        allowedHeaders: ["Content-Type", "Authorization", idempotencyKeyHeader, messageKeysHeader],
        maxAge: 600,
      }),
    );
  }
  // Before any body is read: another site's page cannot make a visitor's browser write through the API.
  api.use(refuseCrossSiteWrites({ siteUrl: security.siteUrl, corsOrigins: security.corsOrigins }));
  // Each write endpoint counts on its own, before its body is even parsed.
  const limited = () => writeRateLimit(security.rateLimit);

  api.get("/health", healthHandler);
  api.get(
    "/ready",
    readyHandler({ store: deps.store, clock: deps.clock, adminApiToken: security.adminApiToken }),
  );
  // The forms' endpoints take bodies as large as their schema allows (http/body-limits.ts), no larger.
  const formBody = (limit: number): RequestHandler[] => [
    express.json({ limit }),
    express.urlencoded({ limit, extended: false }),
  ];
  api.post(
    "/subscriptions",
    limited(),
    ...formBody(bodyLimits.subscription),
    subscribeHandler(services.subscriptions),
  );
  api.post(
    "/contacts",
    limited(),
    ...formBody(bodyLimits.contact),
    contactHandler(services.contacts),
  );
  // Blog comments: their own, lower, per-address limit, answered in words that say why.
  api.post(
    "/comments",
    writeRateLimit(
      { windowMs: security.rateLimit.windowMs, max: security.commentsPerAddress },
      messageRef("commentMessages.addressLimited"),
    ),
    ...formBody(bodyLimits.comment),
    commentHandler(services.comments),
  );
  // The firm's moderation links: a GET shows the comment, only the page's POST decides. Not rate-limited,
  // as unsubscribing: a token that does not verify never reaches the store.
  api.get("/comments/moderate", moderationPageHandler(services.comments));
  api.post(
    "/comments/moderate",
    express.urlencoded({ limit: "2kb", extended: false }),
    moderationHandler(services.comments),
  );
  api.post(
    "/send-email",
    limited(),
    bearerAuth(security.adminApiToken),
    express.json({ limit: bodyLimits.sendEmail }),
    sendEmailHandler(services.adminMail),
  );
  // The newsletter's way out. Not rate-limited: a token that does not verify never reaches the store,
  // and a mail provider's servers may send many people's one-click POSTs from one address.
  api.get("/unsubscribe", unsubscribePageHandler(services.unsubscribe));
  api.post(
    "/unsubscribe",
    // The page's button (an empty form) or RFC 8058's `List-Unsubscribe=One-Click`, urlencoded or, as
    // in the RFC's example, multipart/form-data (only its text is looked at).
    express.urlencoded({ limit: "2kb", extended: false }),
    express.text({ type: "multipart/form-data", limit: "2kb" }),
    unsubscribeHandler(services.unsubscribe),
  );
  // The way back for an address that had unsubscribed (Decision 10): the link mailed to it. A GET shows,
  // the page's POST confirms. Not rate-limited, as above: a token that does not verify never reaches the store.
  api.get("/subscriptions/confirm", resubscribePageHandler(services.resubscribe));
  api.post(
    "/subscriptions/confirm",
    express.urlencoded({ limit: "2kb", extended: false }),
    resubscribeHandler(services.resubscribe),
  );
  // A person's data, for the firm's tools only (docs/operations.md).
  const admin = bearerAuth(security.adminApiToken);
  const json = express.json({ limit: jsonBodyLimit });
  api.post(
    "/admin/personal-data/export",
    limited(),
    admin,
    json,
    exportPersonalDataHandler(services.personalData),
  );
  api.post(
    "/admin/personal-data/erase",
    limited(),
    admin,
    json,
    erasePersonalDataHandler(services.personalData),
  );
  api.get("/admin/subscribers.csv", admin, subscribersCsvHandler(services.personalData));
  // The firm's office (/admin): staff sign-in and sessions, then the leads inbox, which reads the
  // session the staff router found. Every route checks its role on the server (staff/session-routes.ts).
  const office = deps.office ?? { signIn: { config: { mode: "link" as const } } };
  const staffApi = staffRoutes({
    service: services.staff,
    signIn: office.signIn,
    secureCookies: new URL(security.siteUrl).protocol === "https:",
    linkRequests: {
      windowMs: security.rateLimit.windowMs,
      perClient: office.linkRequestsPerClient ?? security.rateLimit.max,
      perAddress: office.linkRequestsPerAddress ?? 5,
    },
  });
  api.use("/office", staffApi.router, leadsRoutes(services.leads, services.staff));
  api.use("/office", officeCommentsRoutes(services.comments.office, services.staff));
  api.use("/office", officeOutboxRoutes(services.outbox, services.staff));
  api.use(
    "/office",
    subscriberOfficeRoutes(services.subscriberOffice, services.staff),
    overviewRoutes(services.overview, services.staff),
  );
  api.use(
    "/office",
    officePeopleRoutes(services.people, services.staff),
    officeAuditRoutes(services.audit, services.staff),
  );
  api.use(apiNotFound);
  app.use("/api", api);
  // Everything else (the office's app, the site's pages and files) carries the site's CSP unless it sets
  // its own. After the API, which answers every /api path with its own policy: set there first, it was
  // only overwritten.
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", siteAssetPolicy);
    next();
  });
  app.use(
    "/admin",
    officeAppRoutes({
      dir: office.dir,
      ...officeFirebaseSources(office.signIn),
    }),
  );

  // Compression pays off for pages and scripts; the API's small JSON answers would only pay its cost.
  // `/search?q=` answered from the build's search documents (works without JavaScript), before the pages;
  // one compression layer for both (a page passed two, each wrapping the answer). The public site goes
  // without the opener policy and helmet's headers for old browsers (http/site/policy.ts says why).
  if (deps.site)
    app.use(
      compression(pageCompression),
      publicSiteHeaders,
      searchPageHandler(deps.site),
      createSite({
        dir: deps.site.dir,
        comments: services.comments,
        warmPostsWith: deps.site.warmPosts ? deps.logger : undefined,
      }),
    );
  else app.use(apiNotFound);

  app.use(errorHandler);
  return app;
}

/** What the office's CSP must allow in Firebase mode: Google's sign-in endpoints (or the emulator). */
function officeFirebaseSources(signIn: OfficeSignIn): {
  connectSources: string[];
  frameSources: string[];
} {
  const firebase = signIn.config.firebase;
  if (signIn.config.mode !== "firebase" || !firebase)
    return { connectSources: [], frameSources: [] };
  const emulator = firebase.authEmulatorUrl ? [new URL(firebase.authEmulatorUrl).origin] : [];
  return {
    connectSources: [
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      ...emulator,
    ],
    frameSources: [`https://${firebase.authDomain}`, ...emulator],
  };
}
