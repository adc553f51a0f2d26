import escapeHtml from "escape-html";
import { firm, routeById } from "@site/shared/content";
import type { NewMail } from "../ports/store.js";
import { htmlDocument, signatureHtml, signatureText, type MailIdentity } from "./mails.js";

/**
 * The RFC 2369 / RFC 8058 headers of every newsletter mail: the personal unsubscribe URL, which mail
 * programs show as an "Unsubscribe" button and may POST `List-Unsubscribe=One-Click` to, and the
 * firm's address as the mailto alternative.
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${firm.email}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The mail a new (or returning) subscriber receives at once: what they signed up for and the way out. */
export function welcomeMail(
  { to, unsubscribeUrl, returning }: { to: string; unsubscribeUrl: string; returning: boolean },
  identity: MailIdentity,
): NewMail["message"] {
  const subject = returning
    ? `Welcome back to the ${firm.name} newsletter`
    : `Welcome to the ${firm.name} newsletter`;
  const privacyUrl = `${identity.siteUrl.replace(/\/+$/, "")}${routeById("privacy").path}`;
  const lead = returning
    ? `You are subscribed to the ${firm.name} newsletter again.`
    : `Thank you for subscribing to the ${firm.name} newsletter.`;
  const about =
    "We will write with our insights on Africa's economies, banking, payments and strategy. We use your address for nothing else.";
  const text = [
    lead,
    "",
    about,
    "",
    `To unsubscribe at any time, open this link: ${unsubscribeUrl}`,
    `How we handle your data: ${privacyUrl}`,
    "",
    signatureText(identity),
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(lead)}</p>`,
      `<p>${escapeHtml(about)}</p>`,
      `<p>To stop receiving it at any time: <a href="${escapeHtml(unsubscribeUrl)}">unsubscribe</a>. ` +
        `How we handle your data: <a href="${escapeHtml(privacyUrl)}">our privacy notice</a>.</p>`,
      signatureHtml(identity),
    ].join("\n"),
  );
  return { to, subject, text, html, headers: unsubscribeHeaders(unsubscribeUrl) };
}
