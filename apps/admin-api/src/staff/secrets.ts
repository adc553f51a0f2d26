import { createHash, randomBytes } from "node:crypto";
import { createSigner, type Signer } from "../common/signed-tokens.js";

/**
 * The office's secrets: sign-in tokens and session ids are 32 random bytes (base64url, 43 characters);
 * only their SHA-256 is stored, so a copy of the database signs nobody in. The CSRF token is the mac of
 * the session id under a key of its own (common/signed-tokens.ts): bound to its session, useless without
 * it, and nothing to store.
 */
export const newSecret = (): string => randomBytes(32).toString("base64url");

export const hashOf = (secret: string): string =>
  createHash("sha256").update(secret, "utf8").digest("hex");

export interface CsrfTokens {
  tokenFor(sessionId: string): string;
  verify(sessionId: string, token: string): boolean;
}

export function createCsrfTokens(secret: string): CsrfTokens {
  const signer: Signer = createSigner(secret, "office-csrf");
  return {
    tokenFor: (sessionId) => signer.mac(sessionId),
    verify: (sessionId, token) => /^[\w-]{43}$/.test(token) && signer.verify(sessionId, token),
  };
}
