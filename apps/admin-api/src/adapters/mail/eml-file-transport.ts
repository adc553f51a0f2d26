import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { MailSendError, type MailTransport } from "../../ports/mail-transport.js";
import { toNodemailerOptions } from "./message.js";
import { ensurePrivateDirectory, privateDirectoryMode, privateFileMode } from "../private-files.js";

/**
 * The default transport: each message becomes an RFC 822 `.eml` file in `dir`, exactly the bytes an
 * SMTP server would receive (any mail client opens them). Written to a temporary name and renamed, so
 * a reader never sees half a file. The folder is 0700 and each file 0600: a mail holds its recipient's
 * address and working unsubscribe or moderation links.
 */
export function createEmlFileTransport({
  dir,
  from,
}: {
  dir: string;
  from: string;
}): MailTransport {
  // Created up front so operators find the folder (and a permission problem shows) at start-up.
  ensurePrivateDirectory(dir);
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail(toNodemailerOptions(message, from));
        await mkdir(dir, { recursive: true, mode: privateDirectoryMode });
        const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.mailId}.eml`;
        const temporary = join(dir, `.${name}.tmp`);
        await writeFile(temporary, info.message as Buffer, { mode: privateFileMode });
        await rename(temporary, join(dir, name));
        return { messageId: info.messageId ?? null };
      } catch (cause) {
        // A full disk or a permission problem can be fixed and the mail sent later.
        throw new MailSendError(`Could not write the mail file: ${(cause as Error).message}`, {
          permanent: false,
          cause,
        });
      }
    },
    async close() {
      transporter.close();
    },
  };
}
