/** A moment for the office's lists and history: the day and the time, in the office's language. */
export function formatDateTime(iso: string, intlLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}
