// What `site-office` does (src/cli/office.ts runs it as a process; its comment says how to use it).
import { signInLinkRequestSchema } from "@site/shared/office";
import type { OperatorCommand } from "../bootstrap.js";

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
