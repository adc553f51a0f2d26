// What the pages of the newsletter's links share (unsubscribe-routes.ts, resubscribe-routes.ts): their words,
// the way back to the site, the page that says one thing and the page that asks to confirm.
import { escapeHtml } from "@site/shared/html";
import type { Response } from "express";
import { localePath, type Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import { sendStandalonePage } from "../http/form-page.js";

/** The pages of the newsletter's links (unsubscribe, come back) speak the person's language. */
export const wordsIn = (locale: Locale) => translations(locale).messages;

/** The way back to the site, on every page of the newsletter's links. */
export const backLink = (locale: Locale) =>
  `<p><a href="${escapeHtml(localePath(locale, "/"))}">${escapeHtml(wordsIn(locale).unsubscribeMessages.back)}</a></p>`;

/**
 * A page of the newsletter's links that says one thing: a heading and a sentence (and `extraHtml`, escaped
 * by the caller), announced as a status when all went well, else as an alert; then the way back.
 */
export function sendLinkNotice(
  res: Response,
  status: number,
  locale: Locale,
  notice: { title: string; text?: string; extraHtml?: string },
): void {
  const tone = status < 400 ? "ok" : "error";
  const text = notice.text === undefined ? "" : `<p>${escapeHtml(notice.text)}</p>`;
  sendStandalonePage(res, status, {
    title: notice.title,
    tone,
    locale,
    body:
      `<div role="${tone === "ok" ? "status" : "alert"}"><h1>${escapeHtml(notice.title)}</h1>${text}` +
      `${notice.extraHtml ?? ""}</div>${backLink(locale)}`,
  });
}

/** 503: the store could not be read or written; nothing was decided. */
export function sendUnavailable(res: Response, locale: Locale): void {
  sendLinkNotice(res, 503, locale, { title: wordsIn(locale).apiMessages.internal });
}

/**
 * A link's page (its GET): what confirming would do, for which address, and a button that posts the
 * link's token back to `path` (same-origin and relative, so it passes the cross-site write guard).
 * Changes nothing itself: mail scanners and link previews open links.
 */
export function sendConfirmPage(
  res: Response,
  locale: Locale,
  page: {
    title: string;
    text: string;
    email: string;
    extraHtml?: string;
    path: string;
    token: unknown;
    button: string;
  },
): void {
  sendStandalonePage(res, 200, {
    title: page.title,
    tone: "ok",
    locale,
    postsForm: true,
    body:
      `<h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>` +
      `<p><strong>${escapeHtml(page.email)}</strong></p>${page.extraHtml ?? ""}` +
      `<form method="post" action="${escapeHtml(`${page.path}?token=${encodeURIComponent(String(page.token))}`)}">` +
      `<button type="submit">${escapeHtml(page.button)}</button></form>${backLink(locale)}`,
  });
}
