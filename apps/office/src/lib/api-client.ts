import { csrfHeader, officeErrorSchema } from "@site/shared/office";

/** A schema the client parses answers with (the shared zod/mini schemas of @site/shared/office). */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

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
 * every state-changing request, answers parsed with the shared schemas, refusals thrown as `ApiError`
 * carrying the API's words. `fetch` is looked up per call so the test network layer can intercept it.
 */
export function createApiClient({ csrfToken, onUnauthorized }: ApiClientOptions) {
  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    schema: AnswerSchema<T> | null,
  ): Promise<T> {
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
      const refusal = officeErrorSchema.safeParse(json);
      const error = refusal.success
        ? new ApiError(response.status, refusal.data.error, refusal.data.fieldErrors)
        : new ApiError(response.status);
      if (response.status === 401) onUnauthorized();
      throw error;
    }
    if (schema === null) return undefined as T;
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError(response.status);
    return parsed.data;
  }

  return {
    get: <T>(path: string, schema: AnswerSchema<T>) => request("GET", path, undefined, schema),
    post: <T>(path: string, body: unknown, schema: AnswerSchema<T> | null) =>
      request("POST", path, body, schema),
    patch: <T>(path: string, body: unknown, schema: AnswerSchema<T>) =>
      request("PATCH", path, body, schema),
    delete: (path: string) => request<void>("DELETE", path, undefined, null),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
