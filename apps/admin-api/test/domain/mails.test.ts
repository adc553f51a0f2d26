import { escapeHtml } from "@site/shared/html";
import { describe, expect, it } from "vitest";
import { firm } from "@site/shared/content";
import { acknowledgementMail, contactMails, oneLine } from "../../src/mail/templates.js";

const identity = { contactInbox: "desk@firm.test", siteUrl: "https://site.firm.test" };

describe("mail composition", () => {
  // @site/shared/html is the one escaper: the mails, the API's pages, the comment thread and the service
  // worker's offline page all import it (packages/shared/src/html/index.test.ts).
  it("escapes the five HTML-significant characters, as the mails do", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("makes any line break or control character harmless in a header", () => {
    expect(oneLine("a\r\nb\rc\nd\u2028e\u2029f\u0085g")).toBe("a b c d e f g");
    expect(oneLine("tab\there\u0000nul\u007f")).toBe("tabherenul");
    expect(oneLine("  padded  ")).toBe("padded");
  });

  it("quotes every line of the description in the text part and keeps the breaks in HTML", () => {
    const mail = acknowledgementMail(
      { to: "a@example.com", name: "Amina", subject: "S", description: "one\r\ntwo\nthree" },
      identity,
    );
    expect(mail.text).toContain("> one\n> two\n> three");
    expect(mail.html).toContain("one<br>\ntwo<br>\nthree");
    expect(mail.text).toContain("Dear Amina,");
    expect(mail.text).toContain(`within ${firm.replyTime}`);
  });

  it("builds the acknowledgement and the notification, in that order, for the contact", () => {
    const [ack, notification] = contactMails(
      { name: "N", email: "n@example.com", subject: "S", description: "D" },
      "c-1",
      identity,
    );
    expect(ack?.meta).toEqual({ kind: "contact-acknowledgement", contactId: "c-1" });
    expect(ack?.message.to).toBe("n@example.com");
    expect(ack?.message.replyTo).toBeUndefined();
    expect(notification?.meta).toEqual({ kind: "contact-notification", contactId: "c-1" });
    expect(notification?.message).toMatchObject({ to: "desk@firm.test", replyTo: "n@example.com" });
    expect(ack?.message.text).toContain("Website: https://site.firm.test");
    expect(ack?.message.html).toContain('<a href="https://site.firm.test">');
    expect(notification?.message.text).toContain("Phone: (not given)");
  });
});
