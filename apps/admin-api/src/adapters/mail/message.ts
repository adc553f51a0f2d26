import type Mail from "nodemailer/lib/mailer/index.js";
import type { OutgoingMessage } from "../../ports/mail-transport.js";
import { messageIdOf } from "../../mail/message-id.js";

/**
 * nodemailer options for one outbox message. Addresses are passed as objects, never as strings, so
 * nodemailer does not parse user text as an address list ("a@x.y, b@x.y" cannot become two recipients).
 * The Message-ID derives from the outbox id: a retried mail keeps its identity and receivers can dedupe.
 */
export function toNodemailerOptions(message: OutgoingMessage, from: string): Mail.Options {
  return {
    from,
    to: { name: "", address: message.to },
    ...(message.replyTo ? { replyTo: { name: "", address: message.replyTo } } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: messageIdOf(message.mailId, from),
    // e.g. RFC 8058's List-Unsubscribe pair on newsletter mail; set by our own code, never by a visitor.
    ...(message.headers ? { headers: { ...message.headers } } : {}),
  };
}
