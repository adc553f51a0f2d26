import { describe, expect, it } from "vitest";
import { firm } from "@site/shared/content";
import {
  contactMails,
  contactReceiptMail,
  contactReference,
  greetingName,
  greetingNameMaxLength,
} from "../../src/mail/templates.js";

const identity = { contactInbox: "desk@firm.test", siteUrl: "https://site.firm.test" };

describe("the contact form's acknowledgement", () => {
  const spam = {
    name: "Amina",
    email: "victim@example.com",
    phone: undefined,
    subject: "CHEAP PILLS http://spam.example",
    description: "Visit https://spam.example/buy now!\nCall +1 555 0100",
  };

  it("carries none of the visitor's subject or description, in its subject, text or HTML", () => {
    const mail = contactReceiptMail(spam, "contact-1", identity);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("PILLS");
      expect(part).not.toContain("spam.example");
      expect(part).not.toContain("555 0100");
    }
  });

  it("says the message arrived, gives the reference, reply time and support hours, and greets by name", () => {
    const mail = contactReceiptMail(spam, "contact-1", identity);
    const reference = contactReference("contact-1");
    expect(mail.to).toBe("victim@example.com");
    expect(mail.subject).toBe(`We received your message (reference ${reference})`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Dear Amina,");
      expect(part).toContain(reference);
      expect(part).toContain(firm.replyTime);
      expect(part).toContain(firm.supportHours);
      expect(part).toContain(firm.name);
    }
  });

  it.each([
    ["https://spam.example", "a link"],
    ["Win at spam.example", "a domain"],
    ["www spam", "www"],
    ["bob@spam.example", "an address"],
    ["mailto:x", "a scheme"],
    ["<b>Amina</b>", "markup"],
    ["A".repeat(greetingNameMaxLength + 1), "too long"],
    ["   ", "blank"],
  ])("a name such as %s (%s) gets the neutral greeting", (name) => {
    expect(greetingName(name)).toBeNull();
    const mail = contactReceiptMail({ name, email: "v@example.com" }, "c", identity);
    expect(mail.text.startsWith("Hello,\n")).toBe(true);
    expect(mail.html).toContain("<p>Hello,</p>");
    expect(mail.text).not.toContain(name.trim() || "\u0000");
  });

  it.each([
    "Amina",
    "Dr. Amani Njoroge",
    "Wanjiku Kamau-Otieno",
    "አበበ ቢቂላ",
    "محمد علي",
    "王小明",
    "Zoë 🌍",
  ])("a plain name such as %s is kept", (name) => {
    expect(greetingName(name)).toBe(name);
  });

  it("references are 8 unambiguous characters in two groups, stable per contact id, distinct across ids", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `contact-${i}`);
    const references = ids.map(contactReference);
    for (const reference of references)
      expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(references).size).toBe(ids.length);
    expect(contactReference("contact-7")).toBe(references[7]);
  });

  it("the firm's notification keeps every field, escaped, and names the same reference", () => {
    const [ack, notification] = contactMails(
      { ...spam, name: "Eve <script>x</script>", phone: "+254 700" },
      "contact-9",
      identity,
    );
    expect(ack?.meta.kind).toBe("contact-acknowledgement");
    const reference = contactReference("contact-9");
    expect(notification?.message.text).toContain(`Reference: ${reference}`);
    expect(notification?.message.html).toContain(reference);
    expect(notification?.message.text).toContain(spam.subject);
    expect(notification?.message.text).toContain("https://spam.example/buy now!");
    expect(notification?.message.html).toContain("Eve &lt;script&gt;x&lt;/script&gt;");
    expect(notification?.message.html).not.toContain("<script>");
  });
});
