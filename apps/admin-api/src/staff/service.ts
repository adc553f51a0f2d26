import { fieldErrorsOf, emailKey } from "@site/shared/schemas";
import {
  inviteStaffRequestSchema,
  signInLinkRequestSchema,
  signInRequestSchema,
  type Me,
  type StaffRole,
} from "@site/shared/office";
import type { Clock } from "../ports/clock.js";
import type { MailIdentity } from "../mail/templates.js";
import { nameOfAddress, type FirebaseSessions, type StaffRecord, type StaffStore } from "./port.js";
import { invitationMail, signInLinkMail } from "./mails.js";
import { createCsrfTokens, hashOf, newSecret } from "./secrets.js";

/** How long sessions and links live (OFFICE_SESSION_IDLE_MS, OFFICE_SESSION_MAX_MS; links are fixed). */
export interface SessionSettings {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however active. */
  absoluteMs: number;
}

export const defaultSessionSettings: SessionSettings = {
  idleMs: 8 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
};

/** A sign-in link works once, within 15 minutes. */
export const signInLinkTtlMs = 15 * 60 * 1000;
/** Activity is recorded at most once a minute per session (a write per request would cost an fsync). */
const touchAfterMs = 60 * 1000;

/** A signed-in staff member, as the routes see them. */
export interface StaffSession {
  sessionId: string;
  staff: StaffRecord;
  /** The Firebase user behind a Firebase session (its sign-out everywhere revokes theirs too). */
  firebaseUid?: string | undefined;
}

/** A new session: the cookie's value and when it must end at the latest. */
export interface NewSessionCookie {
  sessionId: string;
  expiresAt: Date;
  me: Me;
}

export type SignInOutcome =
  ({ kind: "signed-in" } & NewSessionCookie) | { kind: "invalid" } | { kind: "expired" };

export type InviteOutcome =
  | { kind: "invited" }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "exists" };

export interface StaffService {
  /** Mails a sign-in link when `body.email` is staff. The caller answers the same words either way. */
  requestLink(
    body: unknown,
  ): Promise<{ kind: "done" } | { kind: "invalid"; fieldErrors: Record<string, string> }>;
  signInWithLink(body: unknown): Promise<SignInOutcome>;
  /**
   * Firebase mode: exchanges an ID token for a Firebase session cookie, which becomes the session's id;
   * null when the token does not verify or its address is not staff.
   */
  startFirebaseSession(idToken: string): Promise<NewSessionCookie | null>;
  /** The session's staff member, or null when it is unknown, idle too long or past its absolute expiry. */
  authenticate(sessionId: string): Promise<StaffSession | null>;
  me(session: StaffSession): Me;
  verifyCsrf(sessionId: string, token: string): boolean;
  signOut(session: StaffSession): Promise<void>;
  signOutEverywhere(session: StaffSession): Promise<void>;
  listStaff(): Promise<StaffRecord[]>;
  invite(session: StaffSession, body: unknown): Promise<InviteOutcome>;
  remove(session: StaffSession, email: string): Promise<"removed" | "not-found" | "last-owner">;
  /** OFFICE_OWNER_EMAIL at start, or the operator command: true when the address was added. */
  ensureOwner(email: string): Promise<boolean>;
}

export function createStaffService({
  store,
  identity,
  clock,
  secret,
  settings = defaultSessionSettings,
  onMailQueued = () => undefined,
  firebase,
}: {
  store: StaffStore;
  identity: MailIdentity;
  clock: Clock;
  /** The data key secret; the CSRF tokens' key is derived from it. */
  secret: string;
  settings?: SessionSettings;
  onMailQueued?: () => void;
  /** Firebase mode's sessions (OFFICE_SIGN_IN=firebase); absent: sign-in by mailed link only. */
  firebase?: FirebaseSessions | undefined;
}): StaffService {
  const csrf = createCsrfTokens(secret);
  const minutes = signInLinkTtlMs / 60_000;
  const meOf = (staff: StaffRecord, sessionId: string): Me => ({
    email: staff.email,
    name: staff.name,
    role: staff.role,
    csrfToken: csrf.tokenFor(sessionId),
  });
  const newSession = () => {
    const sessionId = newSecret();
    const createdAt = clock.now();
    const expiresAt = new Date(createdAt.getTime() + settings.absoluteMs);
    return { sessionId, idHash: hashOf(sessionId), createdAt, expiresAt };
  };

  return {
    async requestLink(body) {
      const parsed = signInLinkRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { email } = parsed.data;
      const token = newSecret();
      const expiresAt = new Date(clock.now().getTime() + signInLinkTtlMs);
      const queued = await store.createSignInLink({ tokenHash: hashOf(token), email, expiresAt }, [
        signInLinkMail(email, token, minutes, identity),
      ]);
      if (queued) onMailQueued();
      return { kind: "done" };
    },

    async signInWithLink(body) {
      const parsed = signInRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid" };
      const session = newSession();
      const outcome = await store.signInWithLink(hashOf(parsed.data.token), session.createdAt, {
        idHash: session.idHash,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
      });
      if (outcome.kind === "unknown") return { kind: "invalid" };
      if (outcome.kind === "expired") return { kind: "expired" };
      // Each sign-in sweeps away sessions and links that have ended, so neither table only grows.
      await store.purgeExpiredSessions(
        session.createdAt,
        new Date(session.createdAt.getTime() - settings.idleMs),
      );

      return {
        kind: "signed-in",
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
        me: meOf(outcome.staff, session.sessionId),
      };
    },

    async startFirebaseSession(idToken) {
      if (!firebase) return null;
      const user = await firebase.verifyIdToken(idToken);
      const staff = user ? await store.getStaff(emailKey(user.email)) : null;
      if (!user || !staff) return null;
      // Firebase's session cookies live 5 minutes to 14 days (config.ts bounds the maximum).
      const cookie = await firebase.createSessionCookie(
        idToken,
        Math.max(settings.absoluteMs, 5 * 60_000),
      );
      const createdAt = clock.now();
      const expiresAt = new Date(createdAt.getTime() + settings.absoluteMs);
      const created = await store.createSession(
        { idHash: hashOf(cookie), email: staff.email, createdAt, expiresAt },
        {
          actor: staff.email,
          action: "session.started",
          target: null,
          details: { by: "firebase" },
        },
      );
      return created ? { sessionId: cookie, expiresAt, me: meOf(staff, cookie) } : null;
    },

    async authenticate(sessionId) {
      // A mailed link's session id (43 base64url characters), or in Firebase mode a session cookie
      // (a JWT; the emulator's are unsigned, their third part empty), checked by firebase-admin first,
      // revocation included.
      let firebaseUid: string | undefined;
      if (firebase && sessionId.length <= 4096 && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(sessionId)) {
        const user = await firebase.verifySessionCookie(sessionId);
        if (!user) return null;
        firebaseUid = user.uid;
      } else if (!/^[\w-]{43}$/.test(sessionId)) return null;
      const now = clock.now();
      const found = await store.findSession(hashOf(sessionId), now, touchAfterMs);
      if (!found) return null;
      const idle = now.getTime() - found.session.lastSeenAt.getTime() > settings.idleMs;
      if (idle || found.session.expiresAt.getTime() <= now.getTime()) {
        await store.deleteSession(found.session.idHash);
        return null;
      }
      return { sessionId, staff: found.staff, firebaseUid };
    },

    me: (session) => meOf(session.staff, session.sessionId),
    verifyCsrf: (sessionId, token) => csrf.verify(sessionId, token),

    async signOut(session) {
      await store.deleteSession(hashOf(session.sessionId), {
        actor: session.staff.email,
        action: "session.ended",
        target: null,
        details: {},
      });
    },

    async signOutEverywhere(session) {
      if (session.firebaseUid && firebase) await firebase.revokeSessions(session.firebaseUid);
      await store.deleteSessionsOf(session.staff.email, {
        actor: session.staff.email,
        action: "session.ended-everywhere",
        target: session.staff.email,
        details: {},
      });
    },

    listStaff: () => store.listStaff(),

    async invite(session, body) {
      const parsed = inviteStaffRequestSchema.safeParse(body);
      if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      const { email, role } = parsed.data;
      const token = newSecret();
      const added = await store.addStaff(
        {
          email,
          name: nameOfAddress(email),
          role: role as StaffRole,
          addedBy: session.staff.email,
        },
        {
          tokenHash: hashOf(token),
          email,
          expiresAt: new Date(clock.now().getTime() + signInLinkTtlMs),
        },
        [invitationMail(email, session.staff.name, token, minutes, identity)],
        { actor: session.staff.email, action: "staff.invited", target: email, details: { role } },
      );
      if (added === "exists") return { kind: "exists" };
      onMailQueued();
      return { kind: "invited" };
    },

    remove: (session, email) =>
      store.removeStaff(emailKey(email), {
        actor: session.staff.email,
        action: "staff.removed",
        target: emailKey(email),
        details: {},
      }),

    ensureOwner: (email) => store.ensureOwner(emailKey(email)),
  };
}
