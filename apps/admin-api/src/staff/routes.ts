import express, { type RequestHandler, type Router } from "express";
import { createHash } from "node:crypto";
import { rateLimit } from "express-rate-limit";
import { emailKey } from "@site/shared/schemas/plain";
import {
  firebaseSignInRequestSchema,
  officeMessages,
  type OfficeConfig,
  type StaffMember,
} from "@site/shared/office";
import type { StaffService } from "./service.js";
import {
  readSession,
  requireStaff,
  sendOfficeError,
  sessionCookies,
  signedIn,
  type SessionCookies,
} from "./session-routes.js";

/** How the office signs in: by mailed link (embedded default) or Firebase (its session exchange). */
export interface OfficeSignIn {
  config: OfficeConfig;
}

export interface StaffRoutesOptions {
  service: StaffService;
  signIn: OfficeSignIn;
  /** Over https (SITE_URL): `__Host-` cookie, Secure. */
  secureCookies: boolean;
  /** Sign-in link requests per client address, and per requested address, in `windowMs`. */
  linkRequests: { windowMs: number; perClient: number; perAddress: number };
}

const json = express.json({ limit: "64kb" });

/** One limit of sign-in link requests, keyed by `key`, answering the office's words past it. */
function linkLimit(
  windowMs: number,
  limit: number,
  keyGenerator?: (req: express.Request) => string,
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    ...(keyGenerator ? { keyGenerator } : {}),
    handler: (req, res) => {
      req.log.warn({ path: req.path }, "sign-in link requests rate limited");
      sendOfficeError(res, 429, officeMessages.rateLimited);
    },
  });
}

/** The requested address's key, hashed so the limiter's memory holds no address. */
const addressKey = (req: express.Request): string => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  const key = typeof email === "string" && email.length <= 254 ? emailKey(email) : "";
  return createHash("sha256").update(`office-link:${key}`).digest("base64url");
};

const toMember = (staff: Awaited<ReturnType<StaffService["listStaff"]>>[number]): StaffMember => ({
  email: staff.email,
  role: staff.role,
  addedAt: staff.addedAt.toISOString(),
  addedBy: staff.addedBy,
});

/**
 * The office's sign-in, session and staff routes under /api/office. Returns the router and the
 * session reader the leads routes share.
 */
export function staffRoutes({ service, signIn, secureCookies, linkRequests }: StaffRoutesOptions): {
  router: Router;
  cookies: SessionCookies;
} {
  const cookies = sessionCookies(secureCookies);
  const router = express.Router();
  router.use(readSession(service, cookies));

  router.get("/config", (_req, res) => {
    res.json(signIn.config);
  });

  router.post(
    "/sign-in/link",
    linkLimit(linkRequests.windowMs, linkRequests.perClient),
    json,
    linkLimit(linkRequests.windowMs, linkRequests.perAddress, addressKey),
    async (req, res) => {
      if (signIn.config.mode !== "link") {
        sendOfficeError(res, 404, officeMessages.wrongSignInMode);
        return;
      }
      const outcome = await service.requestLink(req.body);
      if (outcome.kind === "invalid") {
        sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
        return;
      }
      // The same words whether or not the address is staff.
      res.status(202).json({ message: officeMessages.linkSent });
    },
  );

  router.post(
    "/sign-in",
    linkLimit(linkRequests.windowMs, linkRequests.perClient * 4),
    json,
    async (req, res) => {
      if (signIn.config.mode !== "link") {
        sendOfficeError(res, 404, officeMessages.wrongSignInMode);
        return;
      }
      const outcome = await service.signInWithLink(req.body);
      if (outcome.kind === "invalid") {
        sendOfficeError(res, 400, officeMessages.linkInvalid);
        return;
      }
      if (outcome.kind === "expired") {
        sendOfficeError(res, 410, officeMessages.linkExpired);
        return;
      }
      cookies.set(res, outcome);
      res.status(200).json({ me: outcome.me });
    },
  );

  router.post(
    "/sign-in/firebase",
    linkLimit(linkRequests.windowMs, linkRequests.perClient * 4),
    json,
    async (req, res) => {
      if (signIn.config.mode !== "firebase") {
        sendOfficeError(res, 404, officeMessages.wrongSignInMode);
        return;
      }
      const parsed = firebaseSignInRequestSchema.safeParse(req.body);
      const session = parsed.success
        ? await service.startFirebaseSession(parsed.data.idToken)
        : null;
      if (!session) {
        sendOfficeError(res, 400, officeMessages.firebaseRefused);
        return;
      }
      cookies.set(res, session);
      res.status(200).json({ me: session.me });
    },
  );

  router.get("/me", requireStaff(service), (_req, res) => {
    res.json(service.me(signedIn(res)));
  });

  router.post("/sign-out", requireStaff(service), async (_req, res) => {
    await service.signOut(signedIn(res));
    cookies.clear(res);
    res.status(204).end();
  });

  router.post("/sign-out/everywhere", requireStaff(service), async (_req, res) => {
    await service.signOutEverywhere(signedIn(res));
    cookies.clear(res);
    res.status(204).end();
  });

  router.get("/staff", requireStaff(service, "owner"), async (_req, res) => {
    res.json({ items: (await service.listStaff()).map(toMember) });
  });

  router.post("/staff", requireStaff(service, "owner"), json, async (req, res) => {
    const outcome = await service.invite(signedIn(res), req.body);
    if (outcome.kind === "invalid") {
      sendOfficeError(res, 400, officeMessages.invalidRequest, outcome.fieldErrors);
      return;
    }
    if (outcome.kind === "exists") {
      sendOfficeError(res, 409, officeMessages.staffExists);
      return;
    }
    res.status(201).end();
  });

  router.delete("/staff/:email", requireStaff(service, "owner"), async (req, res) => {
    const email = String(req.params.email);
    if (email.length > 254) {
      sendOfficeError(res, 404, officeMessages.staffNotFound);
      return;
    }
    const outcome = await service.remove(signedIn(res), email);
    if (outcome === "not-found") sendOfficeError(res, 404, officeMessages.staffNotFound);
    else if (outcome === "last-owner") sendOfficeError(res, 409, officeMessages.lastOwner);
    else res.status(204).end();
  });

  return { router, cookies };
}
