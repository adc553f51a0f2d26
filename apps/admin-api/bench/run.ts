/**
 * `pnpm --filter @site/admin-api bench`: autocannon, 50 connections for ~10 s each, against
 * POST /api/subscriptions (a unique email per request), POST /api/contacts, and a bare Express handler,
 * all on loopback. The servers run in a child process so the load generator does not share their
 * event loop. Prints requests/s, p50 and p99 latency and each endpoint's ratio to bare Express.
 * Not part of the test pass/fail.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { availableParallelism, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const connections = 50;
const duration = Number(process.argv[2] ?? 10);
const targets = { ratio: 0.5, p99Ms: 25 };
// Other work on the machine skews every figure; say how busy it was before we added our own load.
const loadBefore = loadavg()[0] ?? 0;

const server = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./server.ts", import.meta.url))],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const [firstLine] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
const { appPort, barePort } = JSON.parse(firstLine) as { appPort: number; barePort: number };

let sequence = 0;
const unique = () => `${process.pid}-${Date.now()}-${(sequence += 1)}`;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server process CPU time (user + system) per completed request, in microseconds. */
  cpuPerRequestUs: number;
}

const serverCpuMicros = async () =>
  ((await (await fetch(`http://127.0.0.1:${barePort}/cpu`)).json()) as { micros: number }).micros;

async function measure(
  name: string,
  port: number,
  path: string,
  body: () => unknown,
): Promise<Row> {
  const cpuBefore = await serverCpuMicros();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
      },
    ],
  });
  const cpuUsed = (await serverCpuMicros()) - cpuBefore;
  return {
    name,
    cpuPerRequestUs: cpuUsed / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

try {
  // A short warm-up so the JIT and SQLite's page cache are not part of the first figure.
  await autocannon({
    url: `http://127.0.0.1:${barePort}/bare`,
    method: "POST",
    connections: 10,
    duration: 2,
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  await autocannon({ url: `http://127.0.0.1:${appPort}/api/health`, connections: 10, duration: 2 });

  const bare = await measure("bare Express handler", barePort, "/bare", () => ({
    email: `bare-${unique()}@bench.test`,
  }));
  const subscriptions = await measure(
    "POST /api/subscriptions",
    appPort,
    "/api/subscriptions",
    () => ({
      email: `sub-${unique()}@bench.test`,
    }),
  );
  const contacts = await measure("POST /api/contacts", appPort, "/api/contacts", () => ({
    name: "Bench Mark",
    email: `contact-${unique()}@bench.test`,
    phone: "+254 700 000 000",
    subject: "Load test",
    description: "A contact submitted by the benchmark, long enough to look like a real message.",
  }));

  const rows = [bare, subscriptions, contacts];
  const pad = (value: string, width: number) => value.padEnd(width);
  console.log(
    `\n${connections} connections, ${duration} s each, loopback, SQLite (WAL) in a temporary folder; load average ${loadBefore.toFixed(2)} before the run, on ${availableParallelism()} cores\n`,
  );
  console.log(
    `${pad("endpoint", 26)}${pad("req/s", 10)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("ratio", 8)}${pad("CPU µs/req", 12)}non-2xx/errors`,
  );
  for (const row of rows) {
    const ratio = row.rps / bare.rps;
    console.log(
      `${pad(row.name, 26)}${pad(row.rps.toFixed(0), 10)}${pad(String(row.p50), 9)}${pad(String(row.p99), 9)}${pad(ratio.toFixed(2), 8)}${pad(row.cpuPerRequestUs.toFixed(0), 12)}${row.non2xx}/${row.errors}`,
    );
  }
  for (const row of [subscriptions, contacts]) {
    const ratio = row.rps / bare.rps;
    const ok = ratio >= targets.ratio && row.p99 <= targets.p99Ms;
    console.log(
      `${row.name}: ratio ${ratio.toFixed(2)} (target >= ${targets.ratio}), p99 ${row.p99} ms (target <= ${targets.p99Ms}) ${ok ? "OK" : "MISSED"}`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await once(server, "exit");
}
