import Database from "better-sqlite3";
import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "@site/shared/blog/posts";
import {
  apiResultSchema,
  commentInputSchema,
  contactInputSchema,
  newsletterInputSchema,
  simpleEmailPattern,
} from "@site/shared/schemas";
import { createFormStartTokens } from "../../src/comments/form-start.js";
import { listen, makeTestApp, testSecret } from "../helpers/app.js";

/**
 * Thousands of generated bodies, good, bad and absurd, sent over HTTP. Whatever arrives: never a 5xx,
 * always the shared result shape, and nothing stored that the shared schemas would not accept as is.
 */

// 600 generated bodies per form: every endpoint also gets its own hostile run below, so the generated
// runs need not be long to keep finding what the schemas would let through.
const runs = 600;

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(
    "",
    " ",
    "\t\n",
    "\r\n",
    "<script>alert(1)</script>",
    "Robert'); DROP TABLE contacts;--",
    "\u0000",
  ),
  fc.string({ minLength: 100, maxLength: 6_000 }),
);
const fieldValue = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.string()),
    ),
  },
);
const emailish = fc.oneof(
  { weight: 4, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.emailAddress().map((email) => `  ${email.toUpperCase()} `) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("dup@example.com", "DUP@example.com", " dup@example.com ", "x@y.z"),
  },
  { weight: 2, arbitrary: fieldValue },
);
const honeypot = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.string({ minLength: 1 }) },
);

const contactBody = fc.record(
  {
    name: fieldValue,
    email: emailish,
    phone: fieldValue,
    subject: fieldValue,
    description: fieldValue,
    website: honeypot,
  },
  { requiredKeys: [] },
);
const subscriptionBody = fc.record({ email: emailish, website: honeypot }, { requiredKeys: [] });

/** What goes over the wire: mostly objects, some other JSON, some raw text that is not JSON at all. */
function wire(body: fc.Arbitrary<object>) {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: fc.string() },
  );
}

function honeypotFilled(payload: string): boolean {
  try {
    const parsed = JSON.parse(payload) as { website?: unknown };
    return typeof parsed?.website === "string" && parsed.website.trim() !== "";
  } catch {
    return false;
  }
}

describe("generated bodies", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    // Limits out of the way: 600 contacts in one run are far past a day's cap on acknowledgements
    // (test/api/mail-limits.test.ts covers the caps).
    t = await makeTestApp({
      mailLimits: {
        perRecipientDaily: Number.MAX_SAFE_INTEGER,
        automaticDailyCap: Number.MAX_SAFE_INTEGER,
      },
    });
    server = await listen(t.app);
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  it(`POST /api/contacts: ${runs} bodies, no 5xx, stored contacts always valid with their two mails`, async () => {
    await fc.assert(
      fc.asyncProperty(wire(contactBody), async (payload) => {
        const res = await request(server.url)
          .post("/api/contacts")
          .set("Content-Type", "application/json")
          .send(payload);
        expect(res.status).toBeLessThan(500);
        expect([201, 400, 413]).toContain(res.status);
        expect(apiResultSchema.safeParse(res.body).success).toBe(true);
        if (res.status !== 201) return;
        const stored = await t.store.getContact(res.body.id);
        if (honeypotFilled(payload)) {
          expect(stored).toBeNull();
          return;
        }
        expect(stored?.status).toBe("new");
        const fields = {
          name: stored?.name,
          email: stored?.email,
          phone: stored?.phone,
          subject: stored?.subject,
          description: stored?.description,
        };
        const reparsed = contactInputSchema.parse(fields);
        expect({ ...reparsed }).toEqual(
          Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        );
        const mails = await t.store.listMails({ contactId: res.body.id });
        expect(mails).toHaveLength(2);
        for (const mail of mails) expect(mail.message.subject).not.toMatch(/[\r\n]/);
      }),
      { numRuns: runs },
    );
  }, 120_000);

  it(`POST /api/subscriptions: ${runs} bodies, no 5xx, stored emails always normalised and valid`, async () => {
    await fc.assert(
      fc.asyncProperty(wire(subscriptionBody), async (payload) => {
        const res = await request(server.url)
          .post("/api/subscriptions")
          .set("Content-Type", "application/json")
          .send(payload);
        expect([201, 400, 409, 413]).toContain(res.status);
        expect(apiResultSchema.safeParse(res.body).success).toBe(true);
        if (res.status !== 201 || honeypotFilled(payload)) return;
        const expected = newsletterInputSchema.parse(JSON.parse(payload)).email;
        const stored = await t.store.getSubscriptionByEmail(expected);
        expect(stored?.id).toBe(res.body.id);
      }),
      { numRuns: runs },
    );
  }, 120_000);

  it("afterwards, every stored row passes the shared schemas unchanged", () => {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      const subscriptions = db.prepare("SELECT email, status FROM subscriptions").all() as {
        email: string;
        status: string;
      }[];
      expect(subscriptions.length).toBeGreaterThan(0);
      for (const row of subscriptions) {
        expect(row.status).toBe("subscribed");
        expect(newsletterInputSchema.parse({ email: row.email }).email).toBe(row.email);
        expect(row.email).toMatch(simpleEmailPattern);
      }
      const contacts = db
        .prepare("SELECT name, email, phone, subject, description FROM contacts")
        .all() as Record<string, string | null>[];
      expect(contacts.length).toBeGreaterThan(0);
      for (const row of contacts) {
        const input = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
        expect(contactInputSchema.safeParse(input).success).toBe(true);
      }
      const orphanMails = db
        .prepare("SELECT COUNT(*) AS n FROM mail WHERE contact_id NOT IN (SELECT id FROM contacts)")
        .get() as {
        n: number;
      };
      expect(orphanMails.n).toBe(0);
    } finally {
      db.close();
    }
  });
});

/**
 * Every write endpoint, sent what an attacker sends: prototype keys, wrong types, huge and odd Unicode
 * strings (lone surrogates, control characters, combining marks), truncated JSON, and the same as form
 * posts. Never a 5xx, always the endpoint's answer shape, nothing half stored, no prototype polluted.
 */
describe("hostile wire shapes on every write endpoint", () => {
  const hostileRuns = 300;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let server: Awaited<ReturnType<typeof listen>>;
  const post = blogPosts[0]!;
  beforeAll(async () => {
    t = await makeTestApp({
      mailLimits: {
        perRecipientDaily: Number.MAX_SAFE_INTEGER,
        automaticDailyCap: Number.MAX_SAFE_INTEGER,
      },
      commentLimits: { perPostHourly: Number.MAX_SAFE_INTEGER },
      commentsPerAddress: Number.MAX_SAFE_INTEGER,
    });
    server = await listen(t.app);
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  const formStarted = () =>
    createFormStartTokens({
      secret: testSecret,
      clock: { now: () => new Date(t.clock.now().getTime() - 60_000) },
      minFillMs: 0,
    }).issue(post.slug);

  const odd = fc.oneof(
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.string({ unit: "grapheme-composite", maxLength: 200 }),
    fc.constantFrom(
      "\uD800",
      "a\uDFFFb",
      "e\u0301\u0301\u0301",
      "\u202Eevil\u202C",
      "\u0000\u0085\u009F",
      "\uFEFF",
      "www.".repeat(500),
      "a@".repeat(300),
      "é".repeat(6_000),
    ),
    fc.string({ minLength: 2_000, maxLength: 8_000 }),
  );
  const value = fc.oneof(
    { weight: 5, arbitrary: odd },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
  const prototypeKeys = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString"];
  const keys = (fields: readonly string[]) =>
    fc.constantFrom(...fields, ...prototypeKeys, "website", "idempotencyKey", "locale", "page");

  /** An object of the endpoint's fields (and prototype keys), as raw JSON so `__proto__` stays a key. */
  const jsonBody = (fields: readonly string[], base: () => Record<string, unknown>) =>
    fc
      .tuple(fc.array(fc.tuple(keys(fields), value), { maxLength: 8 }), fc.boolean())
      .map(([pairs, withBase]) => {
        const entries = [...(withBase ? Object.entries(base()) : []), ...pairs];
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`;
      });
  /** Raw JSON texts: the bodies above, cut anywhere, or any JSON value at all. */
  const jsonWire = (fields: readonly string[], base: () => Record<string, unknown>) =>
    fc.oneof(
      { weight: 5, arbitrary: jsonBody(fields, base) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(jsonBody(fields, base), fc.nat())
          .map(([text, cut]) => text.slice(0, cut % Math.max(1, text.length))),
      },
      { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v) ?? "null") },
    );
  const formWire = (fields: readonly string[]) =>
    fc
      .array(fc.tuple(keys(fields), odd), { maxLength: 8 })
      .map((pairs) => new URLSearchParams(pairs).toString());

  const endpoints = [
    {
      path: "/api/contacts",
      fields: ["name", "email", "phone", "subject", "description"],
      base: () => ({ name: "Amina", email: "amina@example.com", subject: "S", description: "D" }),
    },
    {
      path: "/api/subscriptions",
      fields: ["email"],
      base: () => ({ email: "reader@example.com" }),
    },
    {
      path: "/api/comments",
      fields: ["name", "email", "comment", "post", "formStarted"],
      base: () => ({
        name: "Amina",
        email: "amina@example.com",
        comment: "Useful, thank you.",
        post: post.slug,
        formStarted: formStarted(),
      }),
    },
  ] as const;

  it.each(endpoints)(
    `$path: ${hostileRuns} JSON and ${hostileRuns} form bodies, never a 5xx, always its answer shape`,
    async ({ path, fields, base }) => {
      // Printed for the record, never asserted (timings belong to the benchmark: bench:hostile).
      let slowest = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            jsonWire(fields, base).map((body) => ({ type: "application/json", body })),
            formWire(fields).map((body) => ({ type: "application/x-www-form-urlencoded", body })),
          ),
          async ({ type, body }) => {
            const started = performance.now();
            const res = await fetch(`${server.url}${path}`, {
              method: "POST",
              headers: { "Content-Type": type, Accept: "application/json" },
              body,
            });
            const text = await res.text();
            slowest = Math.max(slowest, performance.now() - started);
            expect(res.status, text).toBeLessThan(500);
            if (type === "application/json") {
              expect(apiResultSchema.safeParse(JSON.parse(text)).success, text).toBe(true);
            } else {
              expect(res.headers.get("content-type")).toMatch(/^text\/html/);
            }
            expect(({} as Record<string, unknown>)["isAdmin"]).toBeUndefined();
            expect(Object.prototype).not.toHaveProperty("email");
          },
        ),
        { numRuns: hostileRuns * 2 },
      );
      console.log(`${path}: slowest of ${hostileRuns * 2} hostile bodies ${slowest.toFixed(1)} ms`);
    },
    120_000,
  );

  it("afterwards nothing is half stored: each contact has its two mails, each row passes its schema", () => {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      const contacts = db
        .prepare("SELECT id, name, email, phone, subject, description FROM contacts")
        .all() as Record<string, string | null>[];
      for (const { id, ...row } of contacts) {
        const input = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
        expect(contactInputSchema.safeParse(input).success).toBe(true);
        const mails = db.prepare("SELECT COUNT(*) AS n FROM mail WHERE contact_id = ?").get(id) as {
          n: number;
        };
        expect(mails.n).toBe(2);
      }
      const comments = db.prepare("SELECT name, email, text FROM comments").all() as {
        name: string;
        email: string;
        text: string;
      }[];
      for (const row of comments)
        expect(
          commentInputSchema.safeParse({
            name: row.name,
            email: row.email,
            comment: row.text,
            post: post.slug,
          }).success,
        ).toBe(true);
      for (const { email } of db.prepare("SELECT email FROM subscriptions").all() as {
        email: string;
      }[])
        expect(newsletterInputSchema.parse({ email }).email).toBe(email);
    } finally {
      db.close();
    }
  });
});
