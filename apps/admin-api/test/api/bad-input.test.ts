import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiMessages, requestMessages } from "@site/shared/messages";
import { fieldLimits } from "@site/shared/schemas";
import { bodyLimits, maxEncodedBytesPerCharacter } from "../../src/http/body-limits.js";
import { makeTestApp } from "../helpers/app.js";

/** One character of each script; the last two are outside the BMP (two UTF-16 units, four UTF-8 bytes). */
const scripts = [
  ["Amharic", "ሰ"],
  ["Arabic", "ع"],
  ["Chinese", "中"],
  ["emoji", "🌍"],
  ["rare Chinese", "𠀋"],
] as const;

const encodings = [
  ["JSON", "json"],
  ["a plain HTML form (urlencoded)", "form"],
] as const;

describe("bad and unusual input", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const post = (path: string, type: "json" | "form", body: Record<string, string>) =>
    request(t.app).post(path).type(type).send(body);

  describe.each(encodings)("sent as %s", (_label, type) => {
    it.each(scripts)(
      "a 5000-character %s description is accepted and stored exactly",
      async (_script, char) => {
        const description = char.repeat(fieldLimits.description);
        const res = await post("/api/contacts", type, {
          name: char.repeat(fieldLimits.name),
          email: "amina@example.com",
          subject: char.repeat(fieldLimits.subject),
          description,
        });
        expect(res.status).toBe(type === "json" ? 201 : 200);
        const [mail] = await t.store.listMails();
        const stored = await t.store.getContact(mail?.meta.contactId ?? "");
        expect(stored?.description).toBe(description);
        expect([...(stored?.description ?? "")]).toHaveLength(fieldLimits.description);
      },
    );

    it("5001 characters answer 400 with the catalogue's message, storing nothing", async () => {
      const res = await post("/api/contacts", type, {
        name: "Amina",
        email: "amina@example.com",
        subject: "S",
        description: "🌍".repeat(fieldLimits.description + 1),
      });
      expect(res.status).toBe(400);
      const tooLong = requestMessages.tooLong(fieldLimits.description);
      if (type === "json") expect(res.body.fieldErrors).toEqual({ description: tooLong });
      else expect(res.text).toContain(`<li>${tooLong}</li>`);
      expect(await t.store.listMails()).toEqual([]);
    });

    it("a body past the limit answers 413 with the catalogue's message, storing nothing", async () => {
      const res = await post("/api/contacts", type, {
        name: "Amina",
        email: "amina@example.com",
        subject: "S",
        // Enough 4-byte characters to pass the limit whichever way they are encoded.
        description: "🌍".repeat(Math.ceil(bodyLimits.contact / 4) + 1),
      });
      expect(res.status).toBe(413);
      if (type === "json")
        expect(res.body).toEqual({ success: false, error: apiMessages.payloadTooLarge });
      else expect(res.text).toContain(apiMessages.payloadTooLarge);
      expect(await t.store.listMails()).toEqual([]);
    });
  });

  it("every field at its limit in the most expensive characters, percent-encoded, fits under the contact limit", async () => {
    const emoji = "🌍";
    const body = new URLSearchParams({
      name: emoji.repeat(fieldLimits.name),
      email: `${"a".repeat(fieldLimits.email - 12)}@example.com`,
      phone: "+254 700 000 000",
      subject: emoji.repeat(fieldLimits.subject),
      description: emoji.repeat(fieldLimits.description),
      website: "",
    }).toString();
    expect(Buffer.byteLength(emoji, "utf8") * 3).toBe(maxEncodedBytesPerCharacter);
    expect(body.length).toBeLessThanOrEqual(bodyLimits.contact);
    const res = await request(t.app).post("/api/contacts").type("form").send(body);
    expect(res.status).toBe(200);
  });

  it("the limits follow from the schemas: a contact allows far more than a subscription", () => {
    expect(bodyLimits.contact).toBeGreaterThan(
      fieldLimits.description * maxEncodedBytesPerCharacter,
    );
    expect(bodyLimits.subscription).toBeLessThan(bodyLimits.contact / 5);
  });

  it("a subscription body past its own limit answers 413", async () => {
    const res = await post("/api/subscriptions", "json", {
      email: "reader@example.com",
      website: "x".repeat(bodyLimits.subscription),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(apiMessages.payloadTooLarge);
  });

  it("a form in a charset the API cannot read answers 415 with the catalogue's message", async () => {
    const res = await request(t.app)
      .post("/api/contacts")
      .set("Content-Type", "application/x-www-form-urlencoded; charset=koi8-r")
      .send("name=x");
    expect(res.status).toBe(415);
    expect(res.text).toContain(requestMessages.unreadableEncoding.replace("'", "&#39;"));
    expect(await t.store.listMails()).toEqual([]);
  });

  it.each([
    [
      "a field sent twice (becomes a list)",
      "name=A&name=B&email=a%40example.com&subject=S&description=D",
    ],
    [
      "a description of only spaces and line breaks",
      "name=A&email=a%40example.com&subject=S&description=+%0D%0A+%0A",
    ],
  ])("%s is refused with field messages, storing nothing", async (_label, body) => {
    const res = await request(t.app).post("/api/contacts").type("form").send(body);
    expect(res.status).toBe(400);
    expect(res.text).toContain(apiMessages.invalidRequest);
    expect(await t.store.listMails()).toEqual([]);
  });

  it("JSON that is not an object is refused with a clear message", async () => {
    for (const body of ['"just a string"', "[1,2,3]", "null"]) {
      const res = await request(t.app)
        .post("/api/contacts")
        .set("Content-Type", "application/json")
        .send(body);
      expect(res.status).toBe(400);
      expect([apiMessages.invalidRequest, apiMessages.malformedJson]).toContain(res.body.error);
    }
    expect(await t.store.listMails()).toEqual([]);
  });
});
