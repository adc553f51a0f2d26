import type { Auth } from "firebase-admin/auth";
import type { FirebaseSessions } from "../staff/port.js";

/**
 * The office's Firebase sign-in on firebase-admin's Auth: ID tokens and session cookies are verified with
 * the revocation check (a revoked user's cookie stops working at its next request). Any verification
 * failure is "not signed in", never an error page.
 */
export function createFirebaseSessions(auth: Auth): FirebaseSessions {
  return {
    async verifyIdToken(idToken) {
      try {
        const token = await auth.verifyIdToken(idToken, true);
        return token.email && token.email_verified === true
          ? { uid: token.uid, email: token.email }
          : null;
      } catch {
        return null;
      }
    },
    createSessionCookie: (idToken, expiresInMs) =>
      auth.createSessionCookie(idToken, { expiresIn: expiresInMs }),
    async verifySessionCookie(cookie) {
      try {
        const token = await auth.verifySessionCookie(cookie, true);
        return token.email ? { uid: token.uid, email: token.email } : null;
      } catch {
        return null;
      }
    },
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
  };
}
