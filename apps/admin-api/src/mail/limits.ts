import { mailboxKey } from "@site/shared/schemas/plain";
import type { Clock } from "../ports/clock.js";
import type { Logger } from "../ports/logger.js";
import type { NewMail, SkippedMail } from "../ports/store.js";
import type { DataKey } from "../common/data-key.js";
import { maskEmail } from "../common/mask-email.js";

/** MAIL_PER_RECIPIENT_DAILY and MAIL_AUTOMATIC_DAILY_CAP (config.ts). */
export interface MailLimits {
  perRecipientDaily: number;
  automaticDailyCap: number;
}

/**
 * Their defaults: three a day to one mailbox (an acknowledgement or two and a welcome), and a daily
 * total well above a small firm's real traffic that still bounds what an abuser can make it send.
 */
export const defaultMailLimits: MailLimits = { perRecipientDaily: 3, automaticDailyCap: 200 };

/**
 * The caps on mail the site sends visitors on its own. Anyone can type anyone's address into a form, so
 * without them the firm's domain could be made to write to one person again and again, or to many.
 * Use it for every automatic mail (a contact's acknowledgement, a newsletter welcome): mark the mail
 * with `limit`, queue it through the Store in the same write as what it belongs to, and hand what the
 * store skipped to `reportSkipped`. The firm's own mail (notifications, admin mail, the daily-cap
 * notice) is never limited.
 */
export interface AutomaticMailLimiter {
  /** The caps it applies (the office's outbox shows the day's count against the daily cap). */
  readonly limits: MailLimits;
  /** The same mail, carrying the limits for its recipient (ports/store.ts, AutomaticMailLimit). */
  limit(mail: NewMail): NewMail;
  /** Logs each mail the store left out (address masked): the submission itself went through. */
  reportSkipped(skipped: readonly SkippedMail[], context?: Record<string, unknown>): void;
}

export function createAutomaticMailLimiter({
  dataKey,
  limits,
  inbox,
  clock,
  logger,
}: {
  dataKey: DataKey;
  limits: MailLimits;
  /** The firm's inbox (CONTACT_INBOX): told once a day when the daily cap leaves a visitor's mail out. */
  inbox: string;
  clock: Clock;
  logger: Logger;
}): AutomaticMailLimiter {
  return {
    limits,
    limit(mail) {
      const now = clock.now();
      return {
        ...mail,
        limit: {
          // The mailbox, not the spelling: `name+1@x`, `Name+2@x`... share one count.
          recipientKey: dataKey(mailboxKey(mail.message.to)),
          perRecipient: limits.perRecipientDaily,
          dailyCap: limits.automaticDailyCap,
          now,
          dailyCapNotice: { inbox },
        },
      };
    },
    reportSkipped(skipped, context = {}) {
      for (const mail of skipped) {
        logger.warn(
          { ...context, kind: mail.kind, to: maskEmail(mail.to), reason: mail.reason },
          mail.reason === "recipient-limit"
            ? "automatic mail skipped: this address had its daily share"
            : "automatic mail skipped: the daily cap on automatic mail is reached",
        );
      }
    },
  };
}
