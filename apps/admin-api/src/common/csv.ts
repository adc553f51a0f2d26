/** A cell a spreadsheet would read as a formula (or that hides one behind a tab or carriage return). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A CSV field: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a single quote
 * in front, so a spreadsheet shows it as text instead of running it (OWASP's CSV injection rule); then
 * RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled. Every CSV the API
 * writes goes through it (the subscribers' list, the office's leads).
 */
export function csvField(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
