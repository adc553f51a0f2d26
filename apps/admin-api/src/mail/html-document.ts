import { escapeHtml } from "@site/shared/html";
import type { Locale } from "@site/shared/i18n";

/** A mail's HTML body: the document around `body`, in the mail's language. */
export function htmlDocument(title: string, body: string, locale: Locale = "en"): string {
  return [
    "<!doctype html>",
    `<html lang="${locale}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1a1a1a;">',
    body,
    "</body>",
    "</html>",
  ].join("\n");
}
