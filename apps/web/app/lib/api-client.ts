import type { MessageTree } from "@site/shared/i18n/message-sources";
import { localText, type MessageRef } from "@site/shared/i18n/message-ref";
import {
  apiResultSchema,
  idempotencyKeyHeader,
  messageKeysHeader,
  type ApiSuccess,
} from "@site/shared/schemas";
import { env } from "../config/env";

/**
 * The server answered, but not with success. `serverMessage` is the server's own wording when it
 * sent the shared result shape (absent for, say, a proxy's HTML 502 page), so callers can choose
 * between showing it and their own fallback; `errorRef` and `fieldErrorRefs` are its messages' catalogue
 * keys, when it sent them (`serverText`, `serverFieldText` say them in the page's language).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly errorRef: MessageRef | undefined;
  readonly fieldErrorRefs: Readonly<Record<string, MessageRef>>;

  constructor(
    status: number,
    serverMessage?: string,
    fieldErrors: Readonly<Record<string, string>> = {},
    keys: { errorRef?: MessageRef | undefined; fieldErrorRefs?: Record<string, MessageRef> | undefined } = {},
  ) {
    super(serverMessage ?? `The server answered ${status} without a readable result.`);
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
    this.errorRef = keys.errorRef;
    this.fieldErrorRefs = keys.fieldErrorRefs ?? {};
  }
}

/**
 * The server's message in the page's language: read by its key when the answer carried one, else its
 * words as they came (an answer from before keys: the API words it in the form's language, or English).
 */
export function serverText(error: ApiError, messages: MessageTree): string | undefined {
  return error.serverMessage === undefined
    ? undefined
    : localText(error.serverMessage, error.errorRef, messages);
}

/** One field's message of the server's answer in the page's language (see `serverText`). */
export function serverFieldText(
  error: ApiError,
  field: string,
  messages: MessageTree,
): string | undefined {
  const text = error.fieldErrors[field];
  return text === undefined ? undefined : localText(text, error.fieldErrorRefs[field], messages);
}

/** The request never got an answer: offline, DNS, CORS, connection reset. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";

  constructor(options?: { cause?: unknown }) {
    super("The request could not reach the server.", options);
  }
}

export interface PostJsonOptions {
  /** Origin of the API; defaults to the configured one ("" = same origin). */
  baseUrl?: string;
  signal?: AbortSignal;
  /** The submission's idempotency key (lib/idempotency-key.ts): a repeat is answered, never stored twice. */
  idempotencyKey?: string;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // An HTML error page from a proxy, an empty body: treated below as "no result".
    return undefined;
  }
}

/**
 * POSTs `body` as JSON to `${baseUrl}${path}` and returns the server's `{success: true, id}`.
 * Any other outcome throws: `ApiError` when the server answered (with its own message and field
 * messages when it sent the shared result shape), `NetworkError` when fetch itself failed.
 * `fetch` is looked up per call, never captured, so the test network layer can intercept it.
 */
export async function postJson(path: string, body: unknown, options: PostJsonOptions = {}): Promise<ApiSuccess> {
  const url = `${options.baseUrl ?? env.apiBaseUrl}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        // Answers then carry each message's catalogue key, said in the page's language (serverText).
        [messageKeysHeader]: "1",
        ...(options.idempotencyKey ? { [idempotencyKeyHeader]: options.idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    // An abort is the caller's decision, not a network failure: let it through unchanged.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError({ cause: error });
  }

  const parsed = apiResultSchema.safeParse(await readJson(response));
  if (parsed.success) {
    const result = parsed.data;
    if (result.success && response.ok) return result;
    if (!result.success)
      throw new ApiError(response.status, result.error, result.fieldErrors, {
        errorRef: result.errorRef,
        fieldErrorRefs: result.fieldErrorRefs,
      });
  }
  throw new ApiError(response.status);
}
