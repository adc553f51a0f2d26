#!/usr/bin/env node
/**
 * The office's staff for operators: who is on it, and naming an owner without the office (the first
 * one on a deployment where OFFICE_OWNER_EMAIL is not set, or a new one when every owner has left).
 *
 *   site-office staff              every member: address, role, when added and by whom
 *   site-office add-owner EMAIL    makes EMAIL an owner if not on the staff yet (audited as the system);
 *                                  an existing member keeps their role (exit code 1, saying so)
 *
 * The new owner then signs in as anyone does (a link mailed from /admin/sign-in, or Firebase). In the
 * image: `docker compose exec site node dist/cli/office.js staff`. Works on either store.
 */
import { signInLinkRequestSchema } from "@site/shared/office";
import { runOperatorCommand, type OperatorCommand } from "./bootstrap.js";

export const officeCommand: OperatorCommand = {
  name: "office",
  usage: `usage: site-office staff
       site-office add-owner EMAIL`,
  accepts: ([command, ...args]) =>
    (command === "staff" && args.length === 0) || (command === "add-owner" && args.length === 1),
  async run([command, email], { store }) {
    const opened = await store();
    if (command === "staff") {
      for (const member of await opened.listStaff()) {
        process.stdout.write(
          `${member.email}  ${member.role}  ${member.addedAt.toISOString()}  ${member.addedBy ?? "(system)"}\n`,
        );
      }
      return 0;
    }
    const parsed = signInLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      process.stderr.write(`office: not an email address: ${email ?? ""}\n`);
      return 2;
    }
    if (await opened.ensureOwner(parsed.data.email)) {
      process.stdout.write(`office: ${parsed.data.email} is an owner of the office\n`);
      return 0;
    }
    const member = await opened.getStaff(parsed.data.email);
    process.stderr.write(
      `office: ${parsed.data.email} is on the staff already, as ${member?.role ?? "a member"}\n`,
    );
    return 1;
  },
};

await runOperatorCommand(officeCommand);
