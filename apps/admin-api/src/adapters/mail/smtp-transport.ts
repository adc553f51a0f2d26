import nodemailer from "nodemailer";
import { MailSendError, type MailTransport } from "../../ports/mail-transport.js";
import { toNodemailerOptions } from "./message.js";

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * A 5xx reply rejects the message for good (unknown mailbox, policy); everything else (connection
 * refused, timeouts, 4xx) may pass later. An authentication failure is a configuration problem, not
 * the message's, so it is retried too rather than failing every mail while someone fixes the password.
 */
export function isPermanentSmtpError(error: SmtpError): boolean {
  if (error.code === "EAUTH") return false;
  return (
    typeof error.responseCode === "number" && error.responseCode >= 500 && error.responseCode < 600
  );
}

export interface SmtpTransportOptions {
  url: string;
  from: string;
  /** Bounds a stuck server so one mail cannot hold the worker for minutes. */
  timeoutMs?: number;
}

export function createSmtpTransport({
  url,
  from,
  timeoutMs = 15_000,
}: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // One connection, kept open between messages: a backlog after an outage goes out without a TCP and
    // SMTP handshake per mail, and the server still sees one message at a time (the worker sends in turn).
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  });
  // Failures reach each sendMail's promise; a pool's "error" event with no listener would end the process.
  transporter.on("error", () => undefined);
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail(toNodemailerOptions(message, from));
        return { messageId: info.messageId ?? null };
      } catch (cause) {
        const error = cause as SmtpError;
        const detail = [error.code, error.response ?? error.message].filter(Boolean).join(" ");
        throw new MailSendError(detail, { permanent: isPermanentSmtpError(error), cause });
      }
    },
    async close() {
      transporter.close();
    },
  };
}
