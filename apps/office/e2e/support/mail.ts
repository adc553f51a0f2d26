import { expect } from "@playwright/test";
import {
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpOptions,
} from "../../../admin-api/test/helpers/smtp";

export type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * The API's own test SMTP server (a real one, in this process), on the worker's port. `behaviour` is
 * read at every recipient: a journey sets its `rejectRecipient` to make the server refuse, and clears it.
 * Closing it ends the product's open connection after a second (not smtp-server's 30 s), so the next
 * file's server gets the product's next mail at once.
 */
export function startMailbox(port: number, behaviour: TestSmtpOptions = {}): Promise<Smtp> {
  return startSmtpServer(Object.assign(behaviour, { port, closeTimeoutMs: 1_000 }));
}

const recipients = (mail: ReceivedMail) => mail.envelope.to.map((address) => address.toLowerCase());

/** Waits for the `count`-th mail to `address` whose text matches `match`, and returns it. */
export async function mailTo(
  smtp: Smtp,
  address: string,
  match: RegExp,
  count = 1,
): Promise<ReceivedMail> {
  const matching = () =>
    smtp.received.filter(
      (mail) =>
        recipients(mail).includes(address.toLowerCase()) && match.test(mail.parsed.text ?? ""),
    );
  await expect
    .poll(() => matching().length, {
      message: `mail ${count} to ${address} matching ${match}`,
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
  const mail = matching()[count - 1];
  if (!mail) throw new Error(`no mail ${count} to ${address}`);
  return mail;
}

/** The office sign-in link a mail carries (…/admin/sign-in#token=…). */
export function signInLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/admin\/sign-in#token=[\w-]+/.exec(mail.parsed.text ?? "")?.[0];
  if (!link) throw new Error(`no sign-in link in: ${mail.parsed.text ?? ""}`);
  return link;
}
