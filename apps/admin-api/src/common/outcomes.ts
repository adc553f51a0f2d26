import { randomUUID } from "node:crypto";

/**
 * What a use case can end in. Expected outcomes are values, not exceptions and not HTTP codes: the
 * route maps them. `unavailable` carries the store's error so the edge can log it.
 */
export type Outcome<Extra extends { kind: string } = never> =
  | { kind: "created"; id: string }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "unavailable"; cause: unknown }
  /** The submission's idempotency key was used before for other fields (nothing stored). */
  | { kind: "key-reused" }
  | Extra;

/** What the request says besides its body. */
export interface RequestContext {
  /** The Referer's path when it is this site's (the page a form posted without script was on). */
  refererPath?: string | undefined;
  /** The `Idempotency-Key` header, if sent. */
  idempotencyKey?: string | undefined;
}

/** A honeypot field people never see; any content marks a bot. */
export function honeypotFilled(website: string | undefined): boolean {
  return website !== undefined && website.trim() !== "";
}

/**
 * The answer a bot gets: indistinguishable from a real success (a fresh UUID, like a stored row's),
 * so it learns nothing from the reply.
 */
export function decoyId(): string {
  return randomUUID();
}
