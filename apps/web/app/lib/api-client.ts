import { apiResultSchema, idempotencyKeyHeader, type ApiSuccess } from "@site/shared/schemas";
import { env } from "../config/env";

/**
 * The server answered, but not with success. `serverMessage` is the server's own wording when it
 * sent the shared result shape (absent for, say, a proxy's HTML 502 page), so callers can choose
 * between showing it and their own fallback.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(status: number, serverMessage?: string, fieldErrors: Readonly<Record<string, string>> = {}) {
    super(serverMessage ?? `The server answered ${status} without a readable result.`);
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
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
    if (!result.success) throw new ApiError(response.status, result.error, result.fieldErrors);
  }
  throw new ApiError(response.status);
}
