import escapeHtml from "escape-html";

/**
 * The one HTML escaper of the repo (pages the API writes, mails, the comment thread, the service worker's
 * offline page): escape-html's five entities, `& < > " '`, valid in text and in quoted attributes alike.
 */
export { escapeHtml };

/**
 * Plain text someone wrote, as HTML: escaped, each line break (CRLF, CR or LF) a `<br>` followed by
 * `after` (a mail's HTML part breaks its source lines there too), so it reads as typed and nothing in it
 * is live.
 */
export function escapeLines(text: string, after = ""): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, `<br>${after}`);
}
