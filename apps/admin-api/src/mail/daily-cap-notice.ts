import { escapeHtml } from "@site/shared/html";
import type { DailyCapNotice } from "./port.js";
import { htmlDocument } from "./html-document.js";

/**
 * The firm's notice that the daily cap on automatic mail left a visitor's mail out, in English to its
 * inbox: the store queues it the first time that happens in a UTC day (AutomaticMailLimit.dailyCapNotice).
 * No visitor's address or text: only the day, the cap and what still works.
 */
export function dailyCapNoticeMail({
  inbox,
  cap,
  at,
}: {
  inbox: string;
  cap: number;
  at: Date;
}): DailyCapNotice {
  const day = at.toISOString().slice(0, 10);
  const time = at.toISOString().slice(11, 16);
  const subject = `Daily cap on automatic mail reached (${day})`;
  const paragraphs = [
    `The website reached its daily cap on automatic mail (MAIL_AUTOMATIC_DAILY_CAP, ${cap} a UTC day) ` +
      `on ${day}; the first mail left out was at ${time} UTC.`,
    "Until midnight UTC, visitors are not sent the acknowledgement of their message or the newsletter's " +
      "welcome mail. Their page still says that their message arrived or that they subscribed, every " +
      "contact and subscription is stored, and you are notified of every contact as usual.",
    "A sudden run of submissions may mean that someone is using the forms to make the site send mail. " +
      'The server log names each mail left out ("automatic mail skipped", addresses masked).',
    "You are told once a day, the first time the cap leaves a mail out.",
  ];
  return {
    message: {
      to: inbox,
      subject,
      text: paragraphs.join("\n\n"),
      html: htmlDocument(
        subject,
        paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n"),
      ),
    },
    meta: { kind: "daily-cap-notification" },
  };
}
