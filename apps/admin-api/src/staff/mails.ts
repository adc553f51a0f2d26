import { escapeHtml } from "@site/shared/html";
import { firm } from "@site/shared/content";
import { officePaths } from "@site/shared/office";
import type { NewMail } from "../mail/port.js";
import { htmlDocument } from "../mail/html-document.js";
import { signatureHtml, signatureText, type MailIdentity } from "../mail/templates.js";

/** The link a sign-in mail carries: the token in the fragment, which no server log or Referer sees. */
export function signInUrl(identity: MailIdentity, token: string): string {
  return `${new URL(officePaths.signIn, identity.siteUrl).href}#token=${token}`;
}

function officeMail(
  to: string,
  subject: string,
  paragraphs: readonly string[],
  link: { url: string; label: string },
  after: readonly string[],
  identity: MailIdentity,
): NewMail["message"] {
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `${link.label}: ${link.url}`,
    "",
    ...after.flatMap((paragraph) => [paragraph, ""]),
    signatureText(identity),
  ].join("\n");
  const html = htmlDocument(
    subject,
    [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
      ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      signatureHtml(identity),
    ].join("\n"),
  );
  return { to, subject, text, html };
}

const linkRules = (minutes: number) => [
  `The link works once, within ${minutes} minutes. Opening it shows a "Sign in" button; nothing happens until you press it.`,
  "If you did not ask for it, ignore this mail: nobody can sign in without the link.",
];

/** A staff member's sign-in link (English: the firm's working language). */
export function signInLinkMail(
  to: string,
  token: string,
  minutes: number,
  identity: MailIdentity,
): NewMail {
  return {
    message: officeMail(
      to,
      `Your sign-in link to the ${firm.name} office`,
      ["Here is the link you asked for to sign in to the office."],
      { url: signInUrl(identity, token), label: "Sign in to the office" },
      linkRules(minutes),
      identity,
    ),
    meta: { kind: "office-sign-in" },
  };
}

/** An owner's invitation to the office, with a first sign-in link. */
export function invitationMail(
  to: string,
  invitedBy: string,
  token: string,
  minutes: number,
  identity: MailIdentity,
): NewMail {
  const later = new URL(officePaths.signIn, identity.siteUrl).href;
  return {
    message: officeMail(
      to,
      `You are invited to the ${firm.name} office`,
      [
        `${invitedBy} has invited you to the firm's office, where the website's inquiries are answered.`,
      ],
      { url: signInUrl(identity, token), label: "Sign in to the office" },
      [...linkRules(minutes), `Later, ask for a new link at ${later}.`],
      identity,
    ),
    meta: { kind: "office-invitation" },
  };
}
