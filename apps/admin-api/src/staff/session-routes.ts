import type { Request, RequestHandler, Response } from "express";
import { csrfHeader, officeMessages, type StaffRole } from "@site/shared/office";
import type { NewSessionCookie, StaffService, StaffSession } from "./service.js";

/**
 * The office's HTTP edge shared by its routes (staff and leads): the session cookie, the staff check of
 * every route, the CSRF check of every state-changing one, and the `{ error, fieldErrors? }` answers.
 */

/** Over https the `__Host-` prefix pins the cookie to this host and path and requires Secure. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-office_session" : "office_session";
}

/** Every office answer's failure shape (the shared contract's officeErrorSchema). */
export function sendOfficeError(
  res: Response,
  status: number,
  error: string,
  fieldErrors?: Record<string, string>,
): void {
  res.status(status).json(fieldErrors ? { error, fieldErrors } : { error });
}

/**
 * The value of one cookie of the request. Read by hand rather than with a parser: the office sets one
 * cookie and reads only that one, and a session id is base64url, so no decoding is involved. One pass
 * over the header, split at `;`, no pattern.
 */
function cookieValue(req: Request, name: string): string | undefined {
  const header = req.get("cookie");
  if (header === undefined || header.length > 8192) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface SessionCookies {
  name: string;
  set(res: Response, session: NewSessionCookie): void;
  clear(res: Response): void;
}

export function sessionCookies(secure: boolean): SessionCookies {
  const name = sessionCookieName(secure);
  const options = { httpOnly: true, sameSite: "strict", secure, path: "/" } as const;
  return {
    name,
    set(res, session) {
      // Expires with the session's absolute expiry; the idle expiry is the server's to decide.
      res.cookie(name, session.sessionId, { ...options, expires: session.expiresAt });
    },
    clear(res) {
      res.clearCookie(name, options);
    },
  };
}

/** The signed-in staff member of this request (set by `readSession`). */
export function staffOf(res: Response): StaffSession | undefined {
  return res.locals.staff as StaffSession | undefined;
}

/** Reads the session cookie once per request; an ended session's cookie is cleared. */
export function readSession(service: StaffService, cookies: SessionCookies): RequestHandler {
  return async (req, res, next) => {
    const sessionId = cookieValue(req, cookies.name);
    if (sessionId !== undefined) {
      const session = await service.authenticate(sessionId);
      if (session) res.locals.staff = session;
      else cookies.clear(res);
    }
    next();
  };
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every office route but sign-in: 401 without a session, 403 without the role, and for a state-changing
 * request 403 unless `X-CSRF-Token` is this session's token. The cross-site guard of /api runs before.
 */
export function requireStaff(service: StaffService, role?: StaffRole): RequestHandler {
  return (req, res, next) => {
    const session = staffOf(res);
    if (!session) {
      sendOfficeError(res, 401, officeMessages.unauthorized);
      return;
    }
    if (unsafeMethods.has(req.method)) {
      const token = req.get(csrfHeader);
      if (token === undefined || !service.verifyCsrf(session.sessionId, token)) {
        req.log.warn({ path: req.path }, "office request without its CSRF token refused");
        sendOfficeError(res, 403, officeMessages.csrf);
        return;
      }
    }
    if (role !== undefined && session.staff.role !== role) {
      sendOfficeError(res, 403, officeMessages.forbidden);
      return;
    }
    next();
  };
}

/** The session of a route behind requireStaff. */
export function signedIn(res: Response): StaffSession {
  const session = staffOf(res);
  if (!session) throw new Error("an office route ran without requireStaff");
  return session;
}
