import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";
import { startMain } from "../helpers/process.js";
import { startSmtpServer } from "../helpers/smtp.js";

// Two real API processes (their TypeScript loaded as they start) and 200 mails: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const token = "two-processes-admin-token-0123456789";
const mailCount = 200;

/**
 * Two API processes on one store, racing over the same outbox: each of 200 mails must reach the SMTP
 * server exactly once. The mails are queued through both processes' admin endpoint (each wakes its own
 * worker; the other finds them on its 50 ms poll), and the SMTP server takes a few milliseconds per
 * message, so neither process can send them all before the other joins in.
 */
async function raceTwoProcesses(env: Record<string, string>) {
  const smtp = await startSmtpServer({ holdData: () => setTimeout(5) });
  const common = {
    PORT: "0",
    HOST: "127.0.0.1",
    SITE_DIR: "/nonexistent",
    SMTP_URL: smtp.url,
    ADMIN_API_TOKEN: token,
    RATE_LIMIT_MAX: "100000",
    MAIL_POLL_INTERVAL_MS: "50",
    LOG_LEVEL: "info",
    ...env,
  };
  const processes = [startMain(common), startMain(common)];
  try {
    const ports = await Promise.all(processes.map((p) => p.listening));
    await Promise.all(
      Array.from({ length: mailCount }, async (_, index) => {
        const res = await fetch(`http://127.0.0.1:${ports[index % 2]}/api/send-email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({
            to: `client-${index}@example.com`,
            name: `Client ${index}`,
            subject: "S",
            description: "D",
          }),
        });
        expect(res.status).toBe(202);
      }),
    );
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(mailCount), {
      timeout: 60_000,
      interval: 100,
    });
    // Both stop cleanly (finishing and recording whatever is in flight) before anything is counted.
    for (const p of processes) p.child.kill("SIGTERM");
    const codes = await Promise.all(processes.map(async (p) => (await once(p.child, "close"))[0]));
    expect(codes).toEqual([0, 0]);

    const byMessageId = new Map<string, number>();
    for (const mail of smtp.received) {
      const id = mail.parsed.messageId ?? "";
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    }
    const sentBy = processes.map((p) => p.lines.filter((line) => line.msg === "mail sent").length);
    return {
      delivered: smtp.received.length,
      distinct: byMessageId.size,
      deliveredTwice: [...byMessageId.values()].filter((count) => count > 1).length,
      sentBy,
      leaseLost: processes.flatMap((p) =>
        p.lines.filter((line) => String(line.msg).startsWith("lease lost")),
      ).length,
    };
  } finally {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    await smtp.close();
  }
}

describe("two API processes on one store never send a mail twice", () => {
  let dir: string;
  let emulator: FirestoreEmulator;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-two-"));
    emulator = await startFirestoreEmulator();
  });
  afterAll(async () => {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("on one SQLite file: 200 mails, each delivered exactly once, both processes sending", async () => {
    const result = await raceTwoProcesses({ DATA_DIR: join(dir, "data") });
    expect(result).toMatchObject({ delivered: mailCount, distinct: mailCount, deliveredTwice: 0 });
    const [first = 0, second = 0] = result.sentBy;
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(first + second).toBe(mailCount);
    console.info("SQLite, two processes:", result);
  });

  it("on one Firestore project (emulator): 200 mails, each delivered exactly once, both processes sending", async () => {
    const result = await raceTwoProcesses({
      STORE: "firestore",
      FIRESTORE_EMULATOR_HOST: emulator.host,
      FIRESTORE_PROJECT_ID: `demo-two-processes-${process.pid}`,
      DATA_DIR: join(dir, "firestore-data"),
    });
    expect(result).toMatchObject({ delivered: mailCount, distinct: mailCount, deliveredTwice: 0 });
    const [first = 0, second = 0] = result.sentBy;
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(first + second).toBe(mailCount);
    console.info("Firestore emulator, two processes:", result);
  });
});
