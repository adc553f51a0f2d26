import { bodyLimits } from "../../src/http/body-limits.js";

/**
 * The worst bodies found for each form endpoint: each fills its endpoint's body limit with the shape
 * that costs a careless validator most (a backtracking email pattern, code-point counting, link
 * counting, control characters, deep nesting, a great many fields). Used by the API test that
 * answers them beside a timed health check, and by the benchmark that prints the figures
 * (bench/hostile.ts).
 */
export interface HostileBody {
  name: string;
  path: "/api/contacts" | "/api/subscriptions" | "/api/comments";
  type: "json" | "form";
  body: string;
  /** The statuses a correct API may answer it with (400: refused by the schema; 413: over the limit). */
  expected: readonly number[];
}

/** Fills `total` characters (bytes, all ASCII) with `unit` repeated, prefixed. */
const fill = (prefix: string, unit: string, total: number) =>
  prefix + unit.repeat(Math.max(0, Math.floor((total - prefix.length) / unit.length)));

/** A JSON body of the given fields whose one long string brings it to just under `limit` bytes. */
function jsonAtLimit(
  limit: number,
  fields: Record<string, string>,
  long: string,
  make: (room: number) => string,
): string {
  const skeleton = JSON.stringify({ ...fields, [long]: "" });
  return JSON.stringify({ ...fields, [long]: make(limit - skeleton.length - 16) });
}

const contactFields = { name: "Amina", subject: "Strategy", description: "Hello" };

export function hostileBodies(): HostileBody[] {
  const contact = bodyLimits.contact;
  const subscription = bodyLimits.subscription;
  const comment = bodyLimits.comment;
  // Each ends in a character the email pattern cannot take, so a backtracking pattern tries every split.
  const email = (limit: number, fields: Record<string, string>, prefix: string, unit: string) =>
    jsonAtLimit(limit, fields, "email", (room) => `${fill(prefix, unit, room - 1)}@`);
  return [
    {
      name: "contact, email 'a@', dots and '@' at the body limit",
      path: "/api/contacts",
      type: "json",
      body: email(contact, contactFields, "a@", "."),
      expected: [400],
    },
    {
      name: "contact, email 'a@', 'a.' repeated and '@'",
      path: "/api/contacts",
      type: "json",
      body: email(contact, contactFields, "a@", "a."),
      expected: [400],
    },
    {
      name: "contact, email of local-part characters and no '@'",
      path: "/api/contacts",
      type: "json",
      body: email(contact, contactFields, "", "a.b_c+"),
      expected: [400],
    },
    {
      name: "subscription, email 'a@', dots and '@' at the body limit",
      path: "/api/subscriptions",
      type: "json",
      body: email(subscription, {}, "a@", "."),
      expected: [400],
    },
    {
      name: "contact as a form post, email 'a@', dots and '@'",
      path: "/api/contacts",
      type: "form",
      body: new URLSearchParams({
        ...contactFields,
        email: `${fill("a@", ".", contact - 200)}@`,
      }).toString(),
      expected: [400],
    },
    {
      name: "contact, description of astral characters (code points counted)",
      path: "/api/contacts",
      type: "json",
      body: jsonAtLimit(contact, { ...contactFields, email: "a@b.co" }, "description", (room) =>
        "🌍".repeat(Math.floor(room / 12)),
      ),
      expected: [400],
    },
    {
      name: "contact, every field full of control characters",
      path: "/api/contacts",
      type: "json",
      body: JSON.stringify({
        name: "\u0001".repeat(120),
        email: "a@b.co",
        subject: "\u0000".repeat(200),
        description: "x\u0007".repeat(2_400),
      }),
      expected: [400],
    },
    {
      name: "comment, text of 'www.' link starts",
      path: "/api/comments",
      type: "json",
      body: jsonAtLimit(
        comment,
        { name: "Amina", email: "a@b.co", post: "a-post" },
        "comment",
        (room) => fill("", "www.", room),
      ),
      expected: [400],
    },
    {
      name: "contact, 40 kB of nested arrays for a field",
      path: "/api/contacts",
      type: "json",
      body: `{"name":${"[".repeat(20_000)}${"]".repeat(20_000)},"email":"a@b.co"}`,
      expected: [400],
    },
    {
      name: "contact, 5,000 prototype-polluting and unknown keys",
      path: "/api/contacts",
      type: "json",
      body: `{${Array.from({ length: 5_000 }, (_, i) => `"__proto__${i % 2 ? "" : i}":{"isAdmin":true}`).join(",")},"email":"a@"}`,
      expected: [400, 413],
    },
    {
      name: "subscription form post of 1,000 parameters",
      path: "/api/subscriptions",
      type: "form",
      body: Array.from({ length: 1_000 }, (_, i) => `email${i}=a%40${".".repeat(5)}`).join("&"),
      expected: [400, 413],
    },
  ];
}

/** A body every endpoint answers normally: the reference the hostile ones are compared with. */
export const normalContact = JSON.stringify({
  name: "Amina Odhiambo",
  email: "amina@example.com",
  subject: "Strategy review",
  description: "We would like a review of our five-year plan.",
});
