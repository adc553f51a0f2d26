import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import type { Locale } from "@site/shared/i18n";
import { translations } from "@site/shared/i18n/translations";
import type { MessageTree } from "@site/shared/i18n/sources";
import { contactReference } from "../../src/mail/templates.js";
import { deliverQueuedMails, makeTestApp, testInbox } from "../helpers/app.js";

const version = privacyNotice.version;

/**
 * A message in `locale` from the catalogue, checked to be a real translation: not the English words and
 * not a catalogue id (what the catalogue answers for a key it lacks).
 */
function said(locale: Locale, pick: (messages: MessageTree) => string): string {
  const text = pick(translations(locale).messages);
  expect(text).not.toBe(pick(translations("en").messages));
  expect(text).not.toMatch(/^[A-Z]+\.[A-Z.]+$/i);
  return text;
}

const contact = {
  name: "Aïcha Diallo",
  email: "aicha@example.sn",
  subject: "Stratégie bancaire",
  description: "Nous préparons un plan stratégique pour notre banque.",
  noticeVersion: version,
};

describe("the API speaks the submission's language", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const deliverAll = async () => (await deliverQueuedMails(t)).received;

  it("a French contact without a name is answered 400 with French field errors, and nothing is stored", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...contact, name: "  ", email: "not-an-address", locale: "fr" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: said("fr", (m) => m.apiMessages.invalidRequest),
      fieldErrors: {
        name: said("fr", (m) => m.validationMessages.nameRequired),
        email: said("fr", (m) => m.validationMessages.emailInvalid),
      },
    });
    expect(await t.store.listMails()).toEqual([]);
  });

  it("a field over its length is refused in French with the limit in the sentence", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...contact, subject: "x".repeat(201), locale: "fr" });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.subject).toBe(said("fr", (m) => m.requestMessages.tooLong(200)));
    expect(res.body.fieldErrors.subject).toContain("200");
  });

  it("a French contact is stored as French; its acknowledgement is French and the firm's notification English naming the language", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...contact, locale: "fr", page: "/fr/contact" });
    expect(res.status).toBe(201);
    expect(await t.store.getContact(res.body.id)).toMatchObject({
      locale: "fr",
      consent: { page: "/fr/contact", noticeVersion: version },
    });

    const received = await deliverAll();
    expect(received).toHaveLength(2);
    const acknowledgement = received.find((mail) => mail.envelope.to.includes(contact.email));
    const notification = received.find((mail) => mail.envelope.to.includes(testInbox));
    const reference = contactReference(res.body.id);
    const fr = translations("fr");

    const ack = acknowledgement?.parsed;
    expect(ack?.subject).toBe(said("fr", (m) => m.mailMessages.contactReceipt.subject(reference)));
    expect(ack?.headers.get("content-language")).toBe("fr");
    expect(ack?.html).toContain('<html lang="fr">');
    for (const sentence of [
      said("fr", (m) => m.mailMessages.greeting("Aïcha Diallo")),
      said("fr", (m) => m.mailMessages.contactReceipt.received(fr.content.firm.replyTime)),
      said("fr", (m) => m.mailMessages.contactReceipt.reference(reference)),
      said("fr", (m) => m.mailMessages.contactReceipt.notYou),
      said("fr", (m) => m.mailMessages.closing),
    ])
      expect(ack?.text).toContain(sentence);
    // The visitor's own words never reach the address typed in, in any language.
    expect(ack?.text).not.toContain(contact.description);
    expect(ack?.text).not.toContain(contact.subject);

    const firm = notification?.parsed;
    expect(firm?.subject).toBe(`New inquiry from Aïcha Diallo: ${contact.subject}`);
    expect(firm?.text).toContain("A new inquiry arrived through the website contact form.");
    expect(firm?.text).toContain("Language: French");
    expect(firm?.html).toContain('<html lang="en">');
    expect(firm?.headers.get("content-language")).toBeUndefined();
  });

  it("a Swahili subscription is stored as Swahili and its welcome mail is written in Swahili", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "juma@example.co.tz", locale: "sw", page: "/sw", noticeVersion: version });
    expect(res.status).toBe(201);
    expect(await t.store.getSubscription(res.body.id)).toMatchObject({
      locale: "sw",
      status: "subscribed",
    });

    const [welcome] = await deliverAll();
    const mail = welcome?.parsed;
    expect(mail?.subject).toBe(said("sw", (m) => m.mailMessages.welcome.subject));
    expect(mail?.html).toContain('<html lang="sw">');
    expect(mail?.headers.get("content-language")).toBe("sw");
    for (const sentence of [
      said("sw", (m) => m.mailMessages.welcome.lead),
      said("sw", (m) => m.mailMessages.welcome.about),
      said("sw", (m) => m.mailMessages.signature.supportHoursLabel),
    ])
      expect(mail?.text).toContain(sentence);
    // The privacy notice's link leads to its Swahili page; the unsubscribe header is still there.
    expect(mail?.text).toContain(
      said("sw", (m) => m.mailMessages.welcome.privacyText("https://site.firm.test/sw/privacy")),
    );
    expect(mail?.headers.get("list")).toMatchObject({
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
  });

  it("a Swahili subscription posted as a plain form gets the Swahili success page; an address that had left is asked in Swahili to check its inbox", async () => {
    const page = await request(t.app)
      .post("/api/subscriptions")
      .type("form")
      .send({ email: "juma@example.co.tz", locale: "sw", noticeVersion: version });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="sw">');
    expect(page.text).toContain(`<h1>${said("sw", (m) => m.newsletterMessages.success)}</h1>`);

    const again = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "juma@example.co.tz", locale: "sw", noticeVersion: version });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(said("sw", (m) => m.newsletterMessages.alreadySubscribed));

    const stored = await t.store.getSubscriptionByEmail("juma@example.co.tz");
    await t.store.unsubscribe(stored?.id ?? "");
    const back = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "juma@example.co.tz", locale: "sw", noticeVersion: version });
    expect(back.status).toBe(201);
    expect(back.body.message).toBe(said("sw", (m) => m.privacyMessages.confirmMailed));
  });

  it("a plain form posted from /fr/contact without a locale field is stored as French and answered with the French page", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .type("form")
      .set("Host", "site.test")
      .set("Referer", "https://site.test/fr/contact")
      .send({ ...contact, phone: "", website: "" });
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html");
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain(`<h1>${said("fr", (m) => m.contactMessages.success)}</h1>`);
    expect(res.text).toContain(`<title>${said("fr", (m) => m.formResultMessages.successTitle)} |`);
    expect(res.text).toContain(
      `<a href="/fr/contact">${said("fr", (m) => m.formResultMessages.continue)}</a>`,
    );
    const [stored] = (await t.store.findPersonalData(contact.email)).contacts;
    expect(stored).toMatchObject({ locale: "fr", consent: { page: "/fr/contact" } });
  });

  it("a plain form with errors, posted from a French page, lists French field errors", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .type("form")
      .set("Host", "site.test")
      .set("Referer", "https://site.test/fr/contact")
      .send({ ...contact, name: "", subject: "" });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain(`<li>${said("fr", (m) => m.validationMessages.nameRequired)}</li>`);
    expect(res.text).toContain(
      `<li>${said("fr", (m) => m.validationMessages.subjectRequired)}</li>`,
    );
    expect(res.text).toContain(said("fr", (m) => m.formResultMessages.retry));
  });

  it("an unknown locale is a 400 with a clear message, and nothing is stored", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .send({ ...contact, locale: "de" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: translations("en").messages.requestMessages.unknownLocale,
      fieldErrors: { locale: translations("en").messages.requestMessages.unknownLocale },
    });
    const wrongType = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "juma@example.co.tz", locale: ["sw"], page: "/sw" });
    expect(wrongType.status).toBe(400);
    // Said in the language of the page the form is on.
    expect(wrongType.body.error).toBe(said("sw", (m) => m.requestMessages.unknownLocale));
    expect(await t.store.listMails()).toEqual([]);
  });

  it("another site's post is refused in the language of the page it came from", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set("Origin", "https://evil.example")
      .set("Referer", "https://evil.example/fr/contact")
      .send({ ...contact, locale: "fr" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(said("fr", (m) => m.requestMessages.crossSite));
  });

  it("a Swahili subscriber's unsubscribe pages are in Swahili", async () => {
    const res = await request(t.app)
      .post("/api/subscriptions")
      .send({ email: "juma@example.co.tz", locale: "sw", noticeVersion: version });
    const [welcome] = await t.store.listMails();
    const token = /token=([^>]+)>/.exec(welcome?.message.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(res.status).toBe(201);
    const confirm = await request(t.app).get(`/api/unsubscribe?token=${token ?? ""}`);
    expect(confirm.text).toContain('<html lang="sw">');
    expect(confirm.text).toContain(said("sw", (m) => m.unsubscribeMessages.confirmButton));
    expect(confirm.text).toContain('<a href="/sw">');
    const done = await request(t.app)
      .post(`/api/unsubscribe?token=${token ?? ""}`)
      .type("form")
      .send({});
    expect(done.status).toBe(200);
    expect(done.text).toContain('<html lang="sw">');
    expect(done.text).toContain(said("sw", (m) => m.unsubscribeMessages.doneTitle));
  });
});
