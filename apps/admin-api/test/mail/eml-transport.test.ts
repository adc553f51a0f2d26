import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmlFileTransport } from "../../src/adapters/mail/eml-file-transport.js";
import { acknowledgementMail, contactMails } from "../../src/mail/templates.js";
import { MailSendError } from "../../src/ports/mail-transport.js";

const from = '"Kilima Advisory" <no-reply@firm.test>';
const identity = { contactInbox: "inbox@firm.test", siteUrl: "https://site.firm.test" };

describe("the .eml file transport", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-eml-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function sendAndParse(
    message:
      | Parameters<typeof acknowledgementMail>[0]
      | ReturnType<typeof contactMails>[number]["message"],
  ) {
    const transport = createEmlFileTransport({ dir: join(dir, "mail"), from });
    const full = "text" in message ? message : acknowledgementMail(message, identity);
    const { messageId } = await transport.send({
      ...full,
      mailId: "11111111-2222-4333-8444-555555555555",
    });
    await transport.close();
    const files = await readdir(join(dir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/11111111-2222-4333-8444-555555555555\.eml$/);
    const raw = await readFile(join(dir, "mail", files[0] as string), "utf8");
    return { raw, parsed: await simpleParser(raw), messageId };
  }

  it("writes one RFC 822 file with a text and an HTML part, from the configured sender", async () => {
    const { parsed, messageId } = await sendAndParse({
      to: "client@example.com",
      name: "Client",
      subject: "Advice",
      description: "Please call me.",
    });
    expect(parsed.from?.text).toBe('"Kilima Advisory" <no-reply@firm.test>');
    expect(
      parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : [],
    ).toEqual(["client@example.com"]);
    expect(parsed.subject).toBe("We received your message: Advice");
    expect(parsed.text).toContain("Please call me.");
    expect(parsed.html).toContain("Please call me.");
    expect(parsed.messageId).toBe("<11111111-2222-4333-8444-555555555555@firm.test>");
    expect(messageId).toBe(parsed.messageId);
  });

  it("CR/LF in the name and subject cannot inject headers", async () => {
    const { raw, parsed } = await sendAndParse({
      to: "client@example.com",
      name: "Eve\r\nBcc: victim@example.com",
      subject: "Hi\r\nBcc: victim@example.com\r\nX-Injected: yes",
      description: "Body",
    });
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.headers.has("x-injected")).toBe(false);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^X-Injected:/im);
  });

  it("even a subject that skipped our clean-up cannot inject headers: nodemailer folds it into one", async () => {
    const { raw, parsed } = await sendAndParse({
      to: "client@example.com",
      subject: "Hi\r\nBcc: victim@example.com\nX-Injected: yes",
      text: "Body",
      html: "<p>Body</p>",
    });
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^X-Injected:/im);
    expect(parsed.headers.has("x-injected")).toBe(false);
    expect(parsed.bcc).toBeUndefined();
  });

  it("the notification to the firm carries Reply-To the submitter and escapes their HTML", async () => {
    const [, notification] = contactMails(
      {
        name: "<b>Eve</b>",
        email: "eve@example.com",
        subject: "Subject & more",
        description: "<script>x()</script>",
      },
      "contact-id-1",
      identity,
    );
    if (!notification) throw new Error("no notification composed");
    const { parsed } = await sendAndParse(notification.message);
    expect(parsed.replyTo?.value.map((a) => a.address)).toEqual(["eve@example.com"]);
    expect(parsed.html).toContain("&lt;script&gt;x()&lt;/script&gt;");
    expect(parsed.html).not.toContain("<script>");
    expect(parsed.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(parsed.text).toContain("contact-id-1");
  });

  it("an address with a comma is one recipient, never a list", async () => {
    const { parsed } = await sendAndParse({
      to: "a,b@example.com",
      name: "N",
      subject: "S",
      description: "D",
    });
    const recipients = parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : [];
    expect(recipients).toHaveLength(1);
  });

  it("a folder that cannot be written is a transient failure", async () => {
    const target = join(dir, "mail");
    const transport = createEmlFileTransport({ dir: target, from });
    expect(await readdir(dir)).toContain("mail");
    // Someone replaces the folder with a file while the API runs.
    await rm(target, { recursive: true });
    await writeFile(target, "x");
    const error = await transport
      .send({
        ...acknowledgementMail(
          { to: "a@example.com", name: "N", subject: "S", description: "D" },
          identity,
        ),
        mailId: "m1",
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailSendError);
    expect((error as MailSendError).permanent).toBe(false);
  });
});
