/**
 * The Message-ID of an outbox mail: its outbox id at the sender's domain (MAIL_FROM's), so a retried
 * mail keeps its identity, and a later mail can name it in In-Reply-To and References before it is sent.
 */
export function messageIdOf(mailId: string, from: string): string {
  const domain = from.match(/@([^\s>]+)/)?.[1] ?? "localhost";
  return `<${mailId}@${domain}>`;
}
