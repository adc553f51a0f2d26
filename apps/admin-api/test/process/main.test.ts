import { once } from "node:events";
import { setTimeout } from "node:timers/promises";
import { connect } from "node:net";
import Database from "better-sqlite3";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Each test starts a real Node process (tsx compiles on the fly): slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
import { startMain } from "../helpers/process.js";
import { startSmtpServerHoldingFirst } from "../helpers/smtp.js";

describe("the API process", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-main-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("starts on SQLite and .eml files, serves, delivers the outbox, and exits 0 on SIGTERM after closing everything", async () => {
    const dataDir = join(dir, "data");
    const mailDir = join(dir, "mail");
    const app = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
      SITE_DIR: join(dir, "no-site"),
      // An hour: only the wake from the contact can send its mail within the test.
      MAIL_POLL_INTERVAL_MS: "3600000",
    });
    try {
      const port = await app.listening;
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const created = await fetch(`${base}/api/contacts`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Process Test",
          email: "process@example.com",
          subject: "S",
          description: "D",
        }),
      });
      expect(created.status).toBe(201);
      // The contact wakes the worker in that process: read the database file (a second connection, as
      // an operator's would be) until both mails are sent, bounded by a deadline, no fixed sleep.
      const db = new Database(join(dataDir, "site.db"), { readonly: true });
      let sent = 0;
      try {
        const deadline = Date.now() + 10_000;
        while (sent !== 2 && Date.now() < deadline) {
          sent = (
            db.prepare("SELECT COUNT(*) AS n FROM mail WHERE state = 'SUCCESS'").get() as {
              n: number;
            }
          ).n;
          if (sent !== 2) await setTimeout(20);
        }
      } finally {
        db.close();
      }
      expect(sent).toBe(2);
      const ready = await fetch(`${base}/api/ready`);
      expect(await ready.json()).toEqual({ status: "ready" });
      expect((await readdir(mailDir)).filter((name) => name.endsWith(".eml"))).toHaveLength(2);
      expect(await readdir(dataDir)).toContain("site.db");

      app.child.kill("SIGTERM");
      // "close", not "exit": it fires once stdout is drained, so the last log lines have been read.
      const [code] = await once(app.child, "close");
      expect(code).toBe(0);
      expect(app.lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["shutting down", "stopped"]),
      );
      // The store closed cleanly: everything checkpointed into site.db, no WAL left behind.
      // (and the data key made on first start, DATA_KEY_SECRET being unset).
      expect(await readdir(dataDir)).toEqual(["data-key", "site.db"]);
      expect(JSON.stringify(app.lines)).not.toContain("process@example.com");
    } finally {
      if (app.child.exitCode === null) app.child.kill("SIGKILL");
    }
  });

  it("on SIGTERM stops accepting but finishes the request in flight, then exits 0 with it stored", async () => {
    const dataDir = join(dir, "data");
    const app = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      MAIL_DIR: join(dir, "mail"),
      SITE_DIR: join(dir, "no-site"),
    });
    try {
      const port = await app.listening;
      // A request whose body is still arriving when the signal comes. `Expect: 100-continue` makes the
      // server say when it has the request (Node answers 100 once it is dispatched), so there is no race.
      const body = JSON.stringify({ email: "in-flight@example.com" });
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      await once(socket, "connect");
      let response = "";
      let continued: () => void = () => undefined;
      const hundredContinue = new Promise<void>((resolve) => {
        continued = resolve;
      });
      socket.on("data", (chunk: Buffer) => {
        response += chunk.toString();
        if (response.startsWith("HTTP/1.1 100")) continued();
      });
      socket.write(
        `POST /api/subscriptions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await hundredContinue;
      app.child.kill("SIGTERM");
      await app.logged("shutting down");

      // No new connections are accepted...
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);

      // ...but the one in flight completes. The client keeps its side open until the answer, as HTTP
      // clients do: Node's server ends a socket whose client has half-closed it, and the answer comes
      // once the subscription is on disk (the group commit's fsync), after that end would have arrived.
      const answered = new Promise<void>((resolve) => {
        socket.on("data", () => {
          if (response.includes("\r\n\r\nHTTP/1.1 ")) resolve();
        });
        socket.once("close", () => resolve());
      });
      socket.write(body);
      await answered;
      socket.end();
      await once(socket, "close");
      expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
      const [code] = await once(app.child, "close");
      expect(code).toBe(0);

      const db = new Database(join(dataDir, "site.db"), { readonly: true });
      try {
        expect(db.prepare("SELECT email FROM subscriptions").all()).toEqual([
          { email: "in-flight@example.com" },
        ]);
      } finally {
        db.close();
      }
    } finally {
      if (app.child.exitCode === null) app.child.kill("SIGKILL");
    }
  });

  it("on SIGTERM records the send in flight and gives back the mail it claimed but did not try", async () => {
    const { smtp, firstArrived, release } = await startSmtpServerHoldingFirst();
    const dataDir = join(dir, "data");
    const app = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_DIR: join(dir, "no-site"),
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "3600000",
    });
    try {
      const port = await app.listening;
      const post = (email: string) =>
        fetch(`http://127.0.0.1:${port}/api/contacts`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Shutdown Test", email, subject: "S", description: "D" }),
        });
      // The first contact wakes the worker: it claims both mails and is held sending the first.
      expect((await post("first@example.com")).status).toBe(201);
      await firstArrived;
      expect((await post("second@example.com")).status).toBe(201);

      app.child.kill("SIGTERM");
      await app.logged("shutting down");
      release();
      const [code] = await once(app.child, "close");
      expect(code).toBe(0);

      const db = new Database(join(dataDir, "site.db"), { readonly: true });
      try {
        const states = db
          .prepare("SELECT state, attempts, COUNT(*) AS n FROM mail GROUP BY state, attempts")
          .all();
        // One sent; its sibling released (attempt not counted) and the second contact's two never
        // claimed: three PENDING, none left PROCESSING to wait for a lease.
        expect(states).toEqual([
          { state: "PENDING", attempts: 0, n: 3 },
          { state: "SUCCESS", attempts: 1, n: 1 },
        ]);
      } finally {
        db.close();
      }
      expect(smtp.received).toHaveLength(1);
      expect(app.lines).toContainEqual(
        expect.objectContaining({ msg: "released claimed mails not yet tried", released: 1 }),
      );
    } finally {
      if (app.child.exitCode === null) app.child.kill("SIGKILL");
      await smtp.close();
    }
  });

  it("refuses to start on a bad variable, naming it, with exit code 1", async () => {
    const app = startMain({ PORT: "not-a-port", RATE_LIMIT_MAX: "0" });
    // Handled from the start: the process exits (rejecting it) before its streams close.
    const listening = app.listening.catch(() => undefined);
    const [code] = await once(app.child, "close");
    expect(code).toBe(1);
    expect(app.stderr()).toContain("PORT");
    expect(app.stderr()).toContain("RATE_LIMIT_MAX");
    await listening;
  });
});
