import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiResultSchema } from "@site/shared/schemas";
import { listen, makeTestApp } from "../helpers/app.js";
import { hostileBodies, normalContact } from "../helpers/hostile-bodies.js";

/**
 * The worst bodies found, each at its endpoint's size limit, sent while a health check is made beside
 * it: each is refused with the shared result shape, stores nothing, and the health check is answered
 * (the server kept its event loop). The times are printed for the record, never asserted: the
 * benchmark (`pnpm --filter @site/admin-api bench:hostile`) measures them beside a normal request.
 */
describe("the worst inputs found, at the body limit", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let server: Awaited<ReturnType<typeof listen>>;
  const timings: string[] = [];
  beforeAll(async () => {
    t = await makeTestApp();
    server = await listen(t.app);
  });
  afterAll(async () => {
    console.log(`hostile inputs (ms: answer / health check beside it)\n${timings.join("\n")}`);
    await server.close();
    await t.cleanup();
  });

  const post = (path: string, type: "json" | "form", body: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": type === "json" ? "application/json" : "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body,
    });

  /** The body's answer and a health check sent a moment after it, each with its time. */
  async function beside(path: string, type: "json" | "form", body: string) {
    const started = performance.now();
    const answer = post(path, type, body).then(async (res) => ({
      res,
      text: await res.text(),
      ms: performance.now() - started,
    }));
    await new Promise((resolve) => setImmediate(resolve));
    const healthStarted = performance.now();
    const health = await fetch(`${server.url}/api/health`);
    const healthMs = performance.now() - healthStarted;
    return { ...(await answer), health, healthMs };
  }

  it("a normal contact, for reference", async () => {
    const { res, ms, health, healthMs } = await beside("/api/contacts", "json", normalContact);
    expect(res.status).toBe(201);
    expect(health.status).toBe(200);
    timings.push(`  normal contact: ${ms.toFixed(1)} / ${healthMs.toFixed(1)}`);
  });

  it.each(hostileBodies().map((body) => [body.name, body] as const))(
    "%s: refused with the result shape, nothing stored, the health check answered",
    async (_name, hostile) => {
      const contactsBefore = rowCount("contacts");
      const { res, text, ms, health, healthMs } = await beside(
        hostile.path,
        hostile.type,
        hostile.body,
      );
      expect(hostile.body.length).toBeGreaterThan(1_000);
      expect(hostile.expected).toContain(res.status);
      if (hostile.type === "json") {
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(apiResultSchema.parse(JSON.parse(text))).toMatchObject({ success: false });
      } else {
        // A form posted without JavaScript gets the plain result page, its message as an alert.
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        expect(text).toContain('<div role="alert">');
      }
      expect(health.status).toBe(200);
      expect(rowCount("contacts")).toBe(contactsBefore);
      expect(rowCount("comments")).toBe(0);
      timings.push(
        `  ${hostile.name} (${hostile.body.length} B): ${ms.toFixed(1)} / ${healthMs.toFixed(1)}`,
      );
    },
  );

  function rowCount(table: "contacts" | "comments"): number {
    const db = new Database(t.dbFile, { readonly: true });
    try {
      return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
});
