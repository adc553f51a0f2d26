import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Each test starts a real Node process (tsx compiles on the fly): slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
import { startFirestoreEmulator, type FirestoreEmulator } from "../helpers/firestore-emulator.js";
import { startMain } from "../helpers/process.js";

/** main.ts's STORE=firestore wiring, end to end: the real process against the in-process emulator. */
describe("the API process on Firestore", () => {
  let emulator: FirestoreEmulator;
  let dir: string;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    dir = await mkdtemp(join(tmpdir(), "admin-api-main-fs-"));
  });
  afterAll(async () => {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("STORE=firestore stores through firebase-admin: subscribe, duplicate, contact, ready, clean exit", async () => {
    const app = startMain({
      PORT: "0",
      HOST: "127.0.0.1",
      STORE: "firestore",
      FIRESTORE_EMULATOR_HOST: emulator.host,
      FIRESTORE_PROJECT_ID: `demo-main-${process.pid}`,
      DATA_DIR: join(dir, "data"),
      MAIL_DIR: join(dir, "mail"),
      SITE_DIR: join(dir, "no-site"),
    });
    try {
      const base = `http://127.0.0.1:${await app.listening}`;
      expect(app.lines.find((line) => line.msg === "listening")).toMatchObject({
        store: "firestore",
      });
      const post = (path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await post("/api/subscriptions", { email: "fs@example.com" })).status).toBe(201);
      expect((await post("/api/subscriptions", { email: "FS@example.com" })).status).toBe(409);
      expect(
        (
          await post("/api/contacts", {
            name: "N",
            email: "n@example.com",
            subject: "S",
            description: "D",
          })
        ).status,
      ).toBe(201);
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { status: string }).status).toBe("ready");

      app.child.kill("SIGTERM");
      const [code] = await once(app.child, "close");
      expect(code).toBe(0);
    } finally {
      if (app.child.exitCode === null) app.child.kill("SIGKILL");
    }
  });
});
