import type { Locale } from "@site/shared/i18n";
import { useMutation } from "@tanstack/react-query";
import type { ApiSuccess, Contact } from "@site/shared/schemas";
import type { MessageTree } from "@site/shared/i18n/message-sources";
import { consentFields } from "../../components/ui/privacy-note";
import { ApiError, postJson, serverText } from "../../lib/api-client";

/** The endpoint this module owns (docs/architecture.md, decision 1: the browser talks only to our API). */
export const contactsPath = "/api/contacts";

/** The request body: the parsed (trimmed) fields, with phone and the honeypot only when present. */
export interface ContactRequest {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  description: string;
  website?: string;
  /** Consent: the page the form is on and the privacy notice version it showed. */
  page?: string;
  noticeVersion: string;
  /** The page's language: the API answers and mails in it. */
  locale?: Locale;
}

export function toContactRequest(contact: Contact): ContactRequest {
  const { name, email, phone, subject, description, website } = contact;
  return {
    name,
    email,
    ...(phone ? { phone } : {}),
    subject,
    description,
    ...(website ? { website } : {}),
    ...consentFields(),
  };
}

/** POSTs a contact request under its idempotency key (a repeat of the key is answered, not stored again). */
export function submitContact({
  request,
  idempotencyKey,
}: {
  request: ContactRequest;
  idempotencyKey: string;
}): Promise<ApiSuccess> {
  return postJson(contactsPath, request, { idempotencyKey });
}

/** The mutation behind the contact form; never retried by itself (the offline queue resends under the key). */
export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}

/** Maps a failed submission to what the form says (docs/specification.md §8: the server's message, or the fallbacks). */
export function contactErrorMessage(error: unknown, messages: MessageTree): string {
  const { contactMessages } = messages;
  if (error instanceof ApiError) return serverText(error, messages) || contactMessages.failure;
  // A NetworkError, or anything else that kept the request from completing.
  return contactMessages.unexpected;
}
