import type { MailMessage } from "./store.js";

/** The sender's identity; the transport adds it to every message. */
export interface OutgoingMessage extends MailMessage {
  /** An id the transport may use as the Message-ID seed, so a retried mail keeps one identity. */
  mailId: string;
}

/**
 * Thrown by a transport when a message could not be handed over. `permanent` means trying again
 * cannot help (an SMTP 5xx answer: unknown mailbox, policy rejection); otherwise the outbox retries.
 */
export class MailSendError extends Error {
  override readonly name = "MailSendError";
  readonly permanent: boolean;

  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.permanent = options.permanent;
  }
}

export interface MailTransport {
  /** Delivers one message; throws MailSendError (or any error, treated as transient). */
  send(message: OutgoingMessage): Promise<{ messageId: string | null }>;
  close(): Promise<void>;
}
