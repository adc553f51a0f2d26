/**
 * Email addresses in logs, masked: `j***@e***.com`. Enough for an operator to tell one visitor's lines from
 * another's and to recognise a provider, never enough to write to anyone. The one masking function of the
 * API: the worker and the limits call it, and the logger runs every line through `maskEmailsIn` as well
 * (adapters/log), so an address inside an SMTP server's error text is masked too.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return "***";
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split(".");
  const topLevel = labels.length > 1 ? `.${labels.at(-1) ?? ""}` : "";
  return `${local.slice(0, 1)}***@${(labels[0] ?? "").slice(0, 1)}***${topLevel}`;
}

/**
 * Anything shaped like an address (letters of any script, digits and the usual punctuation around one `@`
 * and a dotted domain), as it appears in free text or inside a JSON string. A match starts only where a
 * run of address characters starts (the lookbehind), so a failed attempt is never retried from inside the
 * same run: linear time on any log line, however long.
 */
const addressPattern =
  /(?<![^\s"(),:;<>@[\\\]])[^\s"(),:;<>@[\\\]]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;

/** Masks every address in a piece of text (an error message, a log line). */
export function maskEmailsIn(text: string): string {
  return text.includes("@") ? text.replace(addressPattern, maskEmail) : text;
}
