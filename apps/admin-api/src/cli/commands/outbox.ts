// What `site-outbox` does (src/cli/outbox.ts runs it as a process; its comment says how to use it).
import type { MailRecord, MailState } from "../../ports/store.js";
import type { OperatorCommand } from "../bootstrap.js";

const states: readonly MailState[] = ["PENDING", "PROCESSING", "SUCCESS", "ERROR"];
const commands = ["stats", "list", "retry"];

/** The value after `flag`, if the flag is given. */
function option(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
  return value;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : "-");

export function formatMail(mail: MailRecord): string {
  const { delivery } = mail;
  const due = delivery.state === "PENDING" ? ` next ${iso(delivery.nextAttemptAt)}` : "";
  const error = delivery.error
    ? ` error: ${delivery.error.replace(/\s+/g, " ").slice(0, 200)}`
    : "";
  return `${mail.id}  ${delivery.state.padEnd(10)} attempts ${delivery.attempts}  ${mail.meta.kind.padEnd(23)} created ${iso(mail.createdAt)}${due}  to ${mail.message.to}${error}`;
}

const isState = (value: string): value is MailState =>
  (states as readonly string[]).includes(value);

export const outboxCommand: OperatorCommand = {
  name: "outbox",
  usage: `usage: site-outbox stats
       site-outbox list [--state ${states.join("|")}] [--contact CONTACT_ID]
       site-outbox retry MAIL_ID [MAIL_ID...] | --all-failed`,
  accepts: ([command, ...args]) =>
    command !== undefined &&
    commands.includes(command) &&
    (command !== "retry" || args.some((arg) => arg === "--all-failed" || !arg.startsWith("--"))),
  async run([command, ...args], context) {
    const store = await context.store();
    if (command === "stats") {
      process.stdout.write(`${JSON.stringify(await store.outboxStats(new Date()))}\n`);
      return 0;
    }
    if (command === "list") {
      const state = option(args, "--state");
      if (state !== undefined && !isState(state))
        throw new Error(`--state must be one of ${states.join(", ")}`);
      const contactId = option(args, "--contact");
      const mails = await store.listMails({
        ...(state ? { state } : {}),
        ...(contactId ? { contactId } : {}),
      });
      for (const mail of mails) process.stdout.write(`${formatMail(mail)}\n`);
      process.stderr.write(`${mails.length} mail(s)\n`);
      return 0;
    }
    const ids = args.includes("--all-failed")
      ? (await store.listMails({ state: "ERROR" })).map((mail) => mail.id)
      : args.filter((arg) => !arg.startsWith("--"));
    let retried = 0;
    for (const id of ids) {
      // retryMail answers false for an unknown id or a mail that is not ERROR: say so, keep going.
      if (await store.retryMail(id, new Date())) {
        retried += 1;
        process.stdout.write(`${id}  queued again\n`);
      } else {
        process.stdout.write(`${id}  not retried (unknown, or not in state ERROR)\n`);
      }
    }
    process.stderr.write(
      `${retried} of ${ids.length} mail(s) queued again; the API's worker sends them on its next poll\n`,
    );
    return retried === ids.length ? 0 : 1;
  },
};
