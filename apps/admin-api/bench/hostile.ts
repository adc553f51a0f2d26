/**
 * `pnpm --filter @site/admin-api bench:hostile`: the worst bodies found (test/helpers/hostile-bodies.ts),
 * each at its endpoint's size limit, sent 5 times (BENCH_REPEATS) one after another to the API in a child process,
 * while this process keeps asking the same server for GET /api/health. Prints, for each body and for a
 * normal contact beside them, the slowest answer to the body and the slowest health check made while it
 * was in flight, beside the health check on an idle server. Not part of the test pass/fail.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { hostileBodies, normalContact } from "../test/helpers/hostile-bodies.js";

const repeats = Number(process.env.BENCH_REPEATS ?? 5);
const loadBefore = loadavg()[0] ?? 0;
const server = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./server.ts", import.meta.url))],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const [firstLine] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
const { appPort } = JSON.parse(firstLine) as { appPort: number };
const base = `http://127.0.0.1:${appPort}`;

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return performance.now() - started;
}
const health = () => timed(() => fetch(`${base}/api/health`));

/** The slowest answer to `body` over the repeats, and the slowest health check while each was sent. */
async function measure(path: string, type: "json" | "form", body: string) {
  let slowest = 0;
  let slowestHealth = 0;
  for (let i = 0; i < repeats; i += 1) {
    let inFlight = true;
    const answer = timed(() =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "Content-Type":
            type === "json" ? "application/json" : "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body,
      }),
    ).finally(() => {
      inFlight = false;
    });
    const checks: number[] = [];
    do checks.push(await health());
    while (inFlight);
    slowest = Math.max(slowest, await answer);
    slowestHealth = Math.max(slowestHealth, ...checks);
  }
  return { slowest, slowestHealth };
}

const idle: number[] = [];
for (let i = 0; i < 50; i += 1) idle.push(await health());
idle.sort((a, b) => a - b);
const rows = [
  {
    name: "normal contact",
    ...(await measure("/api/contacts", "json", normalContact)),
    bytes: normalContact.length,
  },
];
for (const hostile of hostileBodies())
  rows.push({
    name: hostile.name,
    bytes: hostile.body.length,
    ...(await measure(hostile.path, hostile.type, hostile.body)),
  });
server.kill();

const ms = (value: number) => value.toFixed(1).padStart(8);
console.log(`load average before the run: ${loadBefore.toFixed(2)}`);
console.log(
  `GET /api/health on an idle server: p50 ${(idle[25] ?? 0).toFixed(1)} ms, max ${(idle.at(-1) ?? 0).toFixed(1)} ms`,
);
console.log(
  `\n${"body".padEnd(64)} ${"bytes".padStart(7)} ${"slowest ms".padStart(10)} ${"health ms".padStart(10)}`,
);
for (const row of rows)
  console.log(
    `${row.name.padEnd(64)} ${String(row.bytes).padStart(7)} ${ms(row.slowest)}   ${ms(row.slowestHealth)}`,
  );
