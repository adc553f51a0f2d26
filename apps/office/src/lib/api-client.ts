import { csrfHeader } from "@site/shared/office/constants";

/**
 * The API answered with a refusal. `message` is the API's own words (the shared catalogue) when it sent
 * `{ error }`, `undefined` when it did not (a proxy's HTML page); `fieldErrors` name the wrong fields.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(
    status: number,
    serverMessage?: string,
    fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(serverMessage ?? `The server answered ${status} without a readable result.`);
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

/** The request never got an answer: offline, DNS, connection reset. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";

  constructor(options?: { cause?: unknown }) {
    super("The request could not reach the server.", options);
  }
}

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

export interface ApiClientOptions {
  /** The session's CSRF token (from /api/office/me or the sign-in answer); sent on every write. */
  csrfToken: () => string | undefined;
  /** Called on any 401 (no session, or one that ended): the app sends the person to sign in. */
  onUnauthorized: () => void;
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * A refusal's `{ error, fieldErrors? }`, read defensively: whatever answered (the API, or a proxy's page)
 * may have sent anything, so only a string `error` counts and only string field messages are kept.
 */
export function readRefusal(
  json: unknown,
): { error: string; fieldErrors: Record<string, string> } | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const { error, fieldErrors } = json as { error?: unknown; fieldErrors?: unknown };
  if (typeof error !== "string") return undefined;
  const fields: Record<string, string> = {};
  if (typeof fieldErrors === "object" && fieldErrors !== null)
    for (const [field, message] of Object.entries(fieldErrors))
      if (typeof message === "string") fields[field] = message;
  return { error, fieldErrors: fields };
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The office's one way to the API: JSON in and out, the session cookie (same origin), the CSRF header on
 * every state-changing request, refusals thrown as `ApiError` carrying the API's words. `fetch` is looked
 * up per call so the test network layer can intercept it.
 *
 * Answers are typed with the shared contract's types, not parsed: the API builds them from the same
 * contract (@site/shared/office) and its tests check them, and zod's code would weigh on every screen's
 * first load. What the client itself must check it does: the status, and a refusal's shape.
 */
export function createApiClient({ csrfToken, onUnauthorized }: ApiClientOptions) {
  async function request<T>(method: Method, path: string, body: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (method !== "GET") {
      const token = csrfToken();
      if (token) headers[csrfHeader] = token;
    }
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new NetworkError({ cause: error });
    }
    const json = await readJson(response);
    if (!response.ok) {
      const refusal = readRefusal(json);
      const error = refusal
        ? new ApiError(response.status, refusal.error, refusal.fieldErrors)
        : new ApiError(response.status);
      if (response.status === 401) onUnauthorized();
      throw error;
    }
    return json as T;
  }

  return {
    /** `T`: the contract's type of the route's answer. */
    get: <T>(path: string) => request<T>("GET", path, undefined),
    post: <T = void>(path: string, body: unknown) => request<T>("POST", path, body),
    patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, body),
    delete: (path: string) => request<void>("DELETE", path, undefined),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
