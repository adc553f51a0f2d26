import { once } from "node:events";
import { Agent, get } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { createApp } from "../../src/app.js";
import { createServices } from "../../src/services.js";
import { systemClock } from "../../src/ports/clock.js";
import type { Store } from "../../src/ports/store.js";

/** The `p`th percentile of ascending `sorted` samples (0 when there are none). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * An office bench's HTTP side: the API on `store` with a signed-in owner's session, and a bare Express
 * route answering the same way, both on loopback; requests one at a time over one kept-alive socket,
 * timed from the request to the answer's last byte.
 */
export async function startOfficeBench(store: Store, runs: number) {
  const owner = "owner@firm.example";
  const services = createServices({
    store,
    identity: { contactInbox: "inbox@firm.example", siteUrl: "http://127.0.0.1" },
    clock: systemClock,
  });
  await services.staff.ensureOwner(owner);
  await services.staff.requestLink({ email: owner });
  const linkMail = (await store.listMails({})).find((mail) => mail.meta.kind === "office-sign-in");
  const token = /#token=([\w-]{43})/.exec(linkMail?.message.text ?? "")?.[1] ?? "";
  const session = await services.staff.signInWithLink({ token });
  if (session.kind !== "signed-in") throw new Error("the bench could not sign in");
  const app = createApp({
    services,
    store,
    clock: systemClock,
    logger: pino({ level: "silent" }),
    security: {
      adminApiToken: undefined,
      corsOrigins: [],
      siteUrl: "http://127.0.0.1",
      trustProxy: false,
      rateLimit: { windowMs: 60_000, max: 1_000_000 },
      commentsPerAddress: 1_000_000,
    },
  });
  const bare = express();
  bare.get("/bare", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ ok: true });
  });
  const servers = [app.listen(0, "127.0.0.1"), bare.listen(0, "127.0.0.1")];
  await Promise.all(servers.map((server) => once(server, "listening")));
  const [apiPort, barePort] = servers.map((server) => (server.address() as AddressInfo).port);

  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const cookie = `office_session=${session.sessionId}`;
  /** GET `path` (the bare route's "/bare" goes to the bare server): its time and body. */
  function fetchJson(path: string): Promise<{ ms: number; body: string }> {
    const port = path === "/bare" ? barePort : apiPort;
    const start = process.hrtime.bigint();
    return new Promise((resolve, reject) => {
      get({ host: "127.0.0.1", port, path, agent, headers: { cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
          else
            resolve({
              ms: Number(process.hrtime.bigint() - start) / 1e6,
              body: Buffer.concat(chunks).toString("utf8"),
            });
        });
      }).on("error", reject);
    });
  }
  /** p50 and p95 of `runs` requests to `path`, after ten to warm up. */
  async function measure(path: string): Promise<{ p50: number; p95: number }> {
    for (let i = 0; i < 10; i += 1) await fetchJson(path);
    const samples: number[] = [];
    for (let i = 0; i < runs; i += 1) samples.push((await fetchJson(path)).ms);
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  }

  return {
    fetchJson,
    measure,
    /**
     * Measures each case in turn and prints its row: p50 and p95 in ms, and the p95 budget with "ok" or
     * "OVER" (a budget of 0: none, the reference row).
     */
    async printCases(cases: readonly (readonly [name: string, path: string, budgetMs: number])[]) {
      console.log(
        "case".padEnd(28),
        "p50 ms".padStart(8),
        "p95 ms".padStart(8),
        "budget".padStart(8),
      );
      for (const [name, path, budget] of cases) {
        const { p50, p95 } = await measure(path);
        const verdict = budget === 0 ? "" : p95 <= budget ? "ok" : "OVER";
        console.log(
          name.padEnd(28),
          p50.toFixed(2).padStart(8),
          p95.toFixed(2).padStart(8),
          `${budget || "-"} ${verdict}`.padStart(8),
        );
      }
    },
    close() {
      for (const server of servers) {
        server.closeAllConnections();
        server.close();
      }
      agent.destroy();
    },
  };
}
