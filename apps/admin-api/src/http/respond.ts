import type { Response } from "express";
import type { ApiFailure, ApiSuccess } from "@site/shared/schemas";

/** The one success shape: the spec's result fields. */
export function sendSuccess(res: Response, status: number, id: string): void {
  const body: ApiSuccess = { success: true, id };
  res.status(status).json(body);
}

/** The one failure shape: `{success: false, error}` plus `fieldErrors` for validation. */
export function sendFailure(
  res: Response,
  status: number,
  error: string,
  fieldErrors?: Record<string, string>,
): void {
  const body: ApiFailure = fieldErrors
    ? { success: false, error, fieldErrors }
    : { success: false, error };
  res.status(status).json(body);
}
