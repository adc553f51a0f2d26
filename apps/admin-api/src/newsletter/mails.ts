import { escapeHtml } from "@site/shared/html";
import { firm, routeById } from "@site/shared/content";
import { localePath, trimTrailingSlashes, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import type { NewMail } from "../ports/store.js";
import { languageHeaders } from "../common/locale.js";
import { htmlDocument } from "../mail/html-document.js";
import { signatureHtml, signatureText, type MailIdentity } from "../mail/templates.js";

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

/**
 * The mail a new (or returning) subscriber receives at once: what they signed up for and the way out,
 * in the language they subscribed in (the privacy notice's link too).
 */
export function welcomeMail(
  {
    to,
    unsubscribeUrl,
    returning,
    locale = "en",
  }: { to: string; unsubscribeUrl: string; returning: boolean; locale?: Locale | undefined },
  identity: MailIdentity,
): NewMail["message"] {
  const m = translations(locale).messages.mailMessages.welcome;
  const subject = returning ? m.subjectReturning : m.subject;
  const privacyUrl = `${trimTrailingSlashes(identity.siteUrl)}${localePath(locale, routeById("privacy").path)}`;
  const lead = returning ? m.leadReturning : m.lead;
  const text = [
    lead,
    "",
    m.about,
    "",
    m.unsubscribeText(unsubscribeUrl),
    m.privacyText(privacyUrl),
    "",
    signatureText(identity, locale),
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(lead)}</p>`,
      `<p>${escapeHtml(m.about)}</p>`,
      `<p>${escapeHtml(m.unsubscribeLead)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(m.unsubscribeLink)}</a>. ` +
        `${escapeHtml(m.privacyLead)} <a href="${escapeHtml(privacyUrl)}">${escapeHtml(m.privacyLink)}</a>.</p>`,
      signatureHtml(identity, locale),
    ].join("\n"),
    locale,
  );
  return {
    to,
    subject,
    text,
    html,
    headers: { ...unsubscribeHeaders(unsubscribeUrl), ...languageHeaders(locale) },
  };
}

/**
 * The mail to an address that had unsubscribed when someone subscribes it on the site again (Decision 10):
 * the link that brings it back, in the language of the form that asked. Not a newsletter mail (the
 * address is not subscribed), so no List-Unsubscribe: ignoring it is the way out.
 */
export function resubscribeConfirmationMail(
  {
    to,
    confirmUrl,
    locale = "en",
  }: { to: string; confirmUrl: string; locale?: Locale | undefined },
  identity: MailIdentity,
): NewMail["message"] {
  const { messages } = translations(locale);
  const m = messages.mailMessages.resubscribe;
  const w = messages.mailMessages.welcome;
  const privacyUrl = `${trimTrailingSlashes(identity.siteUrl)}${localePath(locale, routeById("privacy").path)}`;
  const text = [
    m.lead,
    "",
    m.confirmText,
    confirmUrl,
    m.expiry,
    "",
    m.notYou,
    w.privacyText(privacyUrl),
    "",
    signatureText(identity, locale),
  ].join("\n");
  const html = htmlDocument(
    m.subject,
    [
      `<p>${escapeHtml(m.lead)}</p>`,
      `<p>${escapeHtml(m.confirmLead)} <a href="${escapeHtml(confirmUrl)}">${escapeHtml(m.confirmLink)}</a>. ${escapeHtml(m.expiry)}</p>`,
      `<p>${escapeHtml(m.notYou)}</p>`,
      `<p>${escapeHtml(w.privacyLead)} <a href="${escapeHtml(privacyUrl)}">${escapeHtml(w.privacyLink)}</a>.</p>`,
      signatureHtml(identity, locale),
    ].join("\n"),
    locale,
  );
  // English mails carry no header of their own, as every other mail to a visitor.
  const headers = languageHeaders(locale);
  return { to, subject: m.subject, text, html, ...(locale === "en" ? {} : { headers }) };
}
