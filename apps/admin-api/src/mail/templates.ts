import { createHash } from "node:crypto";
import { firm } from "@site/shared/content";
import { escapeHtml, escapeLines } from "@site/shared/html";
import { localeNames, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { officePaths } from "@site/shared/office";
import type { NewMail } from "../ports/store.js";
import { languageHeaders } from "../common/locale.js";
import { htmlDocument } from "./html-document.js";

/** What configuration decides in mails: the firm's inbox (CONTACT_INBOX) and its site (SITE_URL). */
export interface MailIdentity {
  contactInbox: string;
  siteUrl: string;
}

/** The spec's send-email body: the acknowledgement a submitter receives. */
export interface AcknowledgementInput {
  to: string;
  name: string;
  subject: string;
  description: string;
}

export interface ContactDetails {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: string;
  description: string;
  /** The language of the page the contact was sent from (English when not said). */
  locale?: Locale | undefined;
}

/**
 * A header-safe, one-line version of user text. Line breaks (CR, LF, Unicode separators) would let a
 * subject start new headers; other control characters have no business in a subject either.
 */
export function oneLine(value: string): string {
  return (
    value
      .replace(/[\r\n\u2028\u2029\u0085]+/g, " ")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
  );
}

/** Quotes multi-line text for the plain-text part, one "> " per line. */
function quoteText(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join("\n");
}

/**
 * The firm's signature under a visitor's mail, its labels and hours in `locale`. It depends only on the
 * site's address and the language, so each is composed once and kept (a mail per contact composed it
 * anew, escaping the same constants every time).
 */
export function signatureText({ siteUrl }: MailIdentity, locale: Locale = "en"): string {
  return signatures(siteUrl, locale).text;
}

export function signatureHtml({ siteUrl }: MailIdentity, locale: Locale = "en"): string {
  return signatures(siteUrl, locale).html;
}

/** Signatures by language and site address: a process knows one SITE_URL (tests a few). */
const signatureCache = new Map<string, { text: string; html: string }>();

function signatures(siteUrl: string, locale: Locale): { text: string; html: string } {
  const key = `${locale} ${siteUrl}`;
  let found = signatureCache.get(key);
  if (!found) {
    found = composeSignatures(siteUrl, locale);
    signatureCache.set(key, found);
  }
  return found;
}

function composeSignatures(siteUrl: string, locale: Locale): { text: string; html: string } {
  const { messages, content } = translations(locale);
  const labels = messages.mailMessages.signature;
  const text = [
    `${firm.name}`,
    `${labels.phoneLabel} ${firm.phone}`,
    `${labels.emailLabel} ${firm.email}`,
    `${labels.supportHoursLabel} ${content.firm.supportHours}`,
    `${labels.websiteLabel} ${siteUrl}`,
  ].join("\n");
  const html = [
    `<p style="margin-top: 2em; border-top: 1px solid #ddd; padding-top: 1em;">`,
    `<strong>${escapeHtml(firm.name)}</strong><br>`,
    `${escapeHtml(labels.phoneLabel)} ${escapeHtml(firm.phone)}<br>`,
    `${escapeHtml(labels.emailLabel)} <a href="mailto:${escapeHtml(firm.email)}">${escapeHtml(firm.email)}</a><br>`,
    `${escapeHtml(labels.supportHoursLabel)} ${escapeHtml(content.firm.supportHours)}<br>`,
    `<a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a>`,
    `</p>`,
  ].join("\n");
  return { text, html };
}

/**
 * The spec's acknowledgement (call 4's body: to, name, subject, description), quoting the text back. Only
 * the firm's authenticated admin endpoint sends it; the contact form sends `contactReceiptMail` instead.
 */
export function acknowledgementMail(
  input: AcknowledgementInput,
  identity: MailIdentity,
): NewMail["message"] {
  const subject = oneLine(`We received your message: ${input.subject}`);
  const name = oneLine(input.name);
  const text = [
    `Dear ${name},`,
    "",
    `Thank you for contacting ${firm.name}. We have received your message "${oneLine(input.subject)}":`,
    "",
    quoteText(input.description),
    "",
    `We reply to every inquiry within ${firm.replyTime}. Our support hours are ${firm.supportHours}.`,
    "",
    "Kind regards,",
    "",
    signatureText(identity),
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>Dear ${escapeHtml(name)},</p>`,
      `<p>Thank you for contacting ${escapeHtml(firm.name)}. We have received your message ` +
        `&ldquo;${escapeHtml(oneLine(input.subject))}&rdquo;:</p>`,
      `<blockquote style="margin: 1em 0; padding-left: 1em; border-left: 3px solid #ccc;">${escapeLines(input.description, "\n")}</blockquote>`,
      `<p>We reply to every inquiry within ${escapeHtml(firm.replyTime)}. Our support hours are ${escapeHtml(firm.supportHours)}.</p>`,
      "<p>Kind regards,</p>",
      signatureHtml(identity),
    ].join("\n"),
  );
  return { to: input.to, subject, text, html };
}

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or retyped is not misread. */
const referenceAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * The reference a visitor quotes: eight characters in two groups (`7F3K-9QXM`) derived from the contact id
 * (its SHA-256, 40 bits), so the firm finds the same reference in its notification. Short enough to read
 * out on the phone; not the id itself, which says nothing to a person.
 */
export function contactReference(contactId: string): string {
  const digest = createHash("sha256").update(contactId, "utf8").digest();
  // The first 40 bits, as a number (exact: under 2^53), read out five bits at a time from the right.
  let bits = 0;
  for (let i = 0; i < 5; i += 1) bits = bits * 256 + (digest[i] ?? 0);
  let code = "";
  for (let i = 0; i < 8; i += 1) {
    code = (referenceAlphabet[bits % 32] ?? "0") + code;
    bits = Math.floor(bits / 32);
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Longest name the acknowledgement repeats (in characters); longer ones get the neutral greeting. */
export const greetingNameMaxLength = 40;

/**
 * The visitor's name as the acknowledgement may repeat it, or null for the neutral greeting. Anyone can
 * type anyone's address, so the name is the one piece of their text that reaches that address: it must
 * not carry a link or an address. Refused: `@`, a scheme or path (`:`, `/`, `\`), markup (`<`, `>`),
 * anything domain-like (a letter or digit, a dot, a letter or digit: `x.y`, `www.`), and length past
 * `greetingNameMaxLength`. "Dr. Amani Njoroge" passes; "J.R. Otieno" gets the neutral greeting.
 */
export function greetingName(name: string): string | null {
  const line = oneLine(name);
  if (line === "" || [...line].length > greetingNameMaxLength) return null;
  if (/[@:/\\<>]/.test(line)) return null;
  if (/[\p{L}\p{N}]\.[\p{L}\p{N}]/u.test(line) || /\bwww\b/i.test(line)) return null;
  return line;
}

/**
 * The acknowledgement a contact form's visitor receives, in the firm's own words only: received, a
 * reference, when the firm replies and its hours, and the name when `greetingName` allows it. None of
 * the visitor's subject or description: the form takes any address, and the firm's domain must not
 * carry a stranger's text to it (docs/architecture.md, Decision 4). Written in the contact's language.
 */
export function contactReceiptMail(
  contact: Pick<ContactDetails, "name" | "email" | "locale">,
  contactId: string,
  identity: MailIdentity,
  reference: string = contactReference(contactId),
): NewMail["message"] {
  const locale = contact.locale ?? "en";
  const { messages, content } = translations(locale);
  const m = messages.mailMessages;
  const name = greetingName(contact.name);
  const greeting = name === null ? m.greetingNeutral : m.greeting(name);
  const subject = m.contactReceipt.subject(reference);
  const paragraphs = [
    m.contactReceipt.received(content.firm.replyTime),
    m.contactReceipt.hours(content.firm.supportHours),
    m.contactReceipt.reference(reference),
    m.contactReceipt.notYou,
  ];
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    m.closing,
    "",
    signatureText(identity, locale),
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p>${escapeHtml(m.closing)}</p>`,
      signatureHtml(identity, locale),
    ].join("\n"),
    locale,
  );
  const headers = languageHeaders(locale);
  return { to: contact.email, subject, text, html, ...(locale === "en" ? {} : { headers }) };
}

/**
 * The firm's copy: every field and the contact id, answerable straight to the submitter. Always in English
 * (the firm's working language), naming the language the visitor wrote from, in which to answer.
 */
export function notificationMail(
  contact: ContactDetails,
  contactId: string,
  identity: MailIdentity,
  reference: string = contactReference(contactId),
): NewMail["message"] {
  const subject = oneLine(`New inquiry from ${contact.name}: ${contact.subject}`);
  // The lead in the firm's office (/admin): where it is assigned, answered and closed.
  const leadUrl = new URL(officePaths.lead(contactId), identity.siteUrl).href;
  const rows: [string, string][] = [
    ["Contact id", contactId],
    ["Reference", reference],
    ["Name", oneLine(contact.name)],
    ["Email", contact.email],
    ["Phone", contact.phone ?? "(not given)"],
    ["Subject", oneLine(contact.subject)],
    ["Language", localeNames[contact.locale ?? "en"].english],
  ];
  const text = [
    "A new inquiry arrived through the website contact form.",
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "Description:",
    quoteText(contact.description),
    "",
    `Reply to this message to answer ${oneLine(contact.name)} directly.`,
    `Open it in the office: ${leadUrl}`,
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      "<p>A new inquiry arrived through the website contact form.</p>",
      '<table cellpadding="4" style="border-collapse: collapse;">',
      ...rows.map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      "</table>",
      "<p><strong>Description:</strong></p>",
      `<blockquote style="margin: 1em 0; padding-left: 1em; border-left: 3px solid #ccc;">${escapeLines(contact.description, "\n")}</blockquote>`,
      `<p>Reply to this message to answer ${escapeHtml(oneLine(contact.name))} directly.</p>`,
      `<p><a href="${escapeHtml(leadUrl)}">Open it in the office</a></p>`,
    ].join("\n"),
  );
  return { to: identity.contactInbox, replyTo: contact.email, subject, text, html };
}

/** The two mails a contact queues in the same transaction as the contact itself. */
export function contactMails(
  contact: ContactDetails,
  contactId: string,
  identity: MailIdentity,
): NewMail[] {
  // Both mails quote the same reference: derived once.
  const reference = contactReference(contactId);
  return [
    {
      message: contactReceiptMail(contact, contactId, identity, reference),
      meta: { kind: "contact-acknowledgement", contactId },
    },
    {
      message: notificationMail(contact, contactId, identity, reference),
      meta: { kind: "contact-notification", contactId },
    },
  ];
}
