import { createStore, del, entries, set, type UseStore } from "idb-keyval";
import type { ApiSuccess } from "@site/shared/schemas";
import { ApiError, NetworkError, postJson } from "./api-client";
import { markPending, unmarkPending } from "./pending-flag";

/**
 * Submissions sent without a connection, kept on the visitor's device until they are sent. A form whose
 * request never reached the server (a NetworkError, not an answer) saves it here with its idempotency
 * key; it is sent again when the connection returns (the `online` event, and a retry every half minute
 * while this page is open) or on the next visit to any page (entry.client.ts), exactly once thanks to
 * the key. IndexedDB (through idb-keyval) keeps it when the tab is closed; the visitor may discard it.
 */
export interface PendingSubmission {
  /** The idempotency key, also the record's key in the browser's storage. */
  key: string;
  kind: "contact" | "subscription";
  /** The API path the form posts to. */
  path: string;
  body: object;
  /** What the visitor recognises it by: a message's subject, the address subscribed. */
  label: string;
  savedAt: number;
}

export type PendingOutcome =
  | { state: "sent"; result: ApiSuccess }
  /** The server answered with a refusal that sending again cannot change; the submission is dropped. */
  | { state: "refused"; error: ApiError }
  | { state: "discarded" };

type Listener = (outcome: PendingOutcome) => void;

const retryIntervalMs = 30_000;

let store: UseStore | undefined;
const database = () => (store ??= createStore("site-submissions", "pending"));

const listeners = new Map<string, Set<Listener>>();
const inFlight = new Set<string>();

function tell(key: string, outcome: PendingOutcome): void {
  for (const listener of listeners.get(key) ?? []) listener(outcome);
}

/** Hears what becomes of one saved submission (on this page); returns the way to stop hearing. */
export function onPendingOutcome(key: string, listener: Listener): () => void {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => set.delete(listener);
}

/**
 * Keeps a submission on this device. False when the browser's storage cannot (private modes, storage
 * full, no IndexedDB): the form then says it could not send, as it would without this queue.
 */
export async function savePending(
  submission: Omit<PendingSubmission, "savedAt">,
): Promise<boolean> {
  try {
    await set(submission.key, { ...submission, savedAt: Date.now() }, database());
    markPending();
    return true;
  } catch {
    return false;
  }
}

/** Everything still saved, oldest first (empty when storage cannot be read). */
export async function listPending(): Promise<PendingSubmission[]> {
  try {
    const saved = await entries<string, PendingSubmission>(database());
    const list = saved.map(([, value]) => value).sort((a, b) => a.savedAt - b.savedAt);
    if (list.length === 0) unmarkPending();
    return list;
  } catch {
    return [];
  }
}

async function forget(key: string): Promise<void> {
  await del(key, database());
  await listPending();
}

/** The visitor's choice: the saved submission is deleted from this device and never sent. */
export async function discardPending(key: string): Promise<void> {
  await forget(key);
  tell(key, { state: "discarded" });
}

/** Whether an answer means "try again later" (the server or the way to it is struggling) or is final. */
const worthRetrying = (error: unknown): boolean =>
  error instanceof NetworkError ||
  (error instanceof ApiError && (error.status === 429 || error.status >= 500));

/**
 * Sends what is saved, oldest first, one at a time; stops at the first that cannot get through (still
 * offline, or the server asks to wait), keeping it and the rest for the next try.
 */
export async function sendPending(): Promise<void> {
  for (const submission of await listPending()) {
    if (inFlight.has(submission.key)) continue;
    inFlight.add(submission.key);
    try {
      const result = await postJson(submission.path, submission.body, {
        idempotencyKey: submission.key,
      });
      await forget(submission.key);
      tell(submission.key, { state: "sent", result });
    } catch (error) {
      if (worthRetrying(error)) return;
      await forget(submission.key);
      tell(submission.key, {
        state: "refused",
        error: error instanceof ApiError ? error : new ApiError(0),
      });
    } finally {
      inFlight.delete(submission.key);
    }
  }
}

let sending: (() => void) | undefined;

/**
 * Sends what is saved whenever the connection comes back, and every half minute meanwhile (a phone may
 * say it is online on a network that reaches nothing). Once per page; stops when nothing is left.
 */
export function sendWhenOnline(): void {
  if (sending) return;
  const attempt = () => {
    void sendPending().then(async () => {
      if ((await listPending()).length === 0) stop();
    });
  };
  const timer = setInterval(attempt, retryIntervalMs);
  window.addEventListener("online", attempt);
  const stop = () => {
    clearInterval(timer);
    window.removeEventListener("online", attempt);
    sending = undefined;
  };
  sending = stop;
}
