import { ApiError, NetworkError } from "../lib/api-client";
import type { OfficeText } from "../i18n/en";

/** What to tell the person about a failed request: the API's own words when it gave some. */
export function errorText(error: unknown, text: OfficeText): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof NetworkError) return text.network;
  return text.unexpected;
}

/** The API's message for one field of a refused form, if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[field] : undefined;
}
