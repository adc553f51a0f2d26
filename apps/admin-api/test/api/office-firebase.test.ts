import { createRequire } from "node:module";
import { createServer } from "node:net";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import request from "supertest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csrfHeader, meSchema, officeMessages } from "@site/shared/office";
import { createFirebaseSessions } from "../../src/adapters/firebase-auth.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { createApp } from "../../src/app.js";
import { createServices } from "../../src/services.js";
import { makeTestApp, testIdentity, testSecret } from "../helpers/app.js";

/**
 * The office's Firebase sign-in against the Firebase Authentication emulator of the `firebase-tools` npm
 * package, started in this process (its CLI would first try to fetch news from the network). Its start
 * compiles the emulator's whole REST API description: about 5 s on an idle host, half a minute on a busy
 * one, hence the start's own time limit; the tests themselves are not timed.
 */
interface AuthEmulator {
  start(): Promise<void>;
  stop(): Promise<void>;
}
const require = createRequire(import.meta.url);
const { AuthEmulator } = require("firebase-tools/lib/emulator/auth/index.js") as {
  AuthEmulator: new (args: { host: string; port: number; projectId: string }) => AuthEmulator;
};

const projectId = "demo-office";
const staffEmail = "amina@firm.example";
let emulator: AuthEmulator;
let host: string;
let firebaseApp: App;
let auth: Auth;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  host = `127.0.0.1:${port}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  emulator = new AuthEmulator({ host: "127.0.0.1", port, projectId });
  await emulator.start();
  firebaseApp = initializeApp({ projectId }, `office-firebase-test-${port}`);
  auth = getAuth(firebaseApp);
}, 180_000);

afterAll(async () => {
  await deleteApp(firebaseApp);
  await emulator.stop();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

/** An ID token for `email`, signed in through the emulator's REST API as the office's SDK would. */
async function idTokenFor(email: string, verified: boolean): Promise<string> {
  const user = await auth.getUserByEmail(email).catch(() => null);
  if (!user) await auth.createUser({ email, password: "correct-horse-9", emailVerified: verified });
  else await auth.updateUser(user.uid, { emailVerified: verified });
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-9", returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`the emulator gave no ID token: ${JSON.stringify(body)}`);
  return body.idToken;
}

describe("office sign-in with Firebase (Authentication emulator)", () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let app: ReturnType<typeof createApp>;

  beforeEach(async () => {
    t = await makeTestApp();
    const services = createServices({
      store: t.store,
      identity: testIdentity,
      secret: testSecret,
      clock: t.clock,
      firebaseSessions: createFirebaseSessions(auth),
    });
    await services.staff.ensureOwner(staffEmail);
    app = createApp({
      ...t.deps,
      services,
      office: {
        signIn: {
          config: {
            mode: "firebase",
            firebase: {
              apiKey: "fake-api-key",
              authDomain: `${projectId}.firebaseapp.com`,
              projectId,
              authEmulatorUrl: `http://${host}`,
            },
          },
        },
      },
    });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("GET /config gives the office what its SDK needs, the emulator included; link sign-in is off", async () => {
    const res = await request(app).get("/api/office/config").expect(200);
    expect(res.body).toEqual({
      mode: "firebase",
      firebase: {
        apiKey: "fake-api-key",
        authDomain: `${projectId}.firebaseapp.com`,
        projectId,
        authEmulatorUrl: `http://${host}`,
      },
    });
    await request(app).post("/api/office/sign-in/link").send({ email: staffEmail }).expect(404);
  });

  it("a verified staff address gets a Firebase session cookie; sign-out everywhere revokes it", async () => {
    const res = await request(app)
      .post("/api/office/sign-in/firebase")
      .send({ idToken: await idTokenFor(staffEmail, true) })
      .expect(200);
    const me = meSchema.parse(res.body.me);
    expect(me).toMatchObject({ email: staffEmail, role: "owner" });
    const cookie = res.get("Set-Cookie")?.[0] ?? "";
    // A JWT (the emulator's are unsigned: its third part is empty).
    expect(cookie).toMatch(/^__Host-office_session=[\w-]+\.[\w-]+\.[\w-]*;/);
    expect(cookie).toContain("HttpOnly");
    const session = cookie.split(";")[0] ?? "";
    // The cookie is firebase-admin's own: it verifies as a session cookie.
    const value = session.slice(session.indexOf("=") + 1);
    await expect(auth.verifySessionCookie(value, true)).resolves.toMatchObject({
      email: staffEmail,
    });

    await request(app).get("/api/office/me").set("Cookie", session).expect(200);
    const before = (await auth.getUserByEmail(staffEmail)).tokensValidAfterTime;
    await request(app)
      .post("/api/office/sign-out/everywhere")
      .set("Cookie", session)
      .set(csrfHeader, me.csrfToken)
      .expect(204);
    await request(app).get("/api/office/me").set("Cookie", session).expect(401);
    // Firebase's own sessions of the user are revoked too (it compares in whole seconds, so the
    // cookie made this same second would still pass its check: the revocation time is what is asserted).
    const user = await auth.getUserByEmail(staffEmail);
    expect(user.tokensValidAfterTime).toBeDefined();
    expect(new Date(user.tokensValidAfterTime ?? 0).getTime()).toBeGreaterThanOrEqual(
      new Date(before ?? 0).getTime(),
    );
  });

  it("refuses an unverified address, an address not on the staff, and a forged token, in the same words", async () => {
    for (const idToken of [
      await idTokenFor(staffEmail, false),
      await idTokenFor("stranger@elsewhere.example", true),
      "eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFtaW5hQGZpcm0uZXhhbXBsZSJ9.",
    ]) {
      const res = await request(app).post("/api/office/sign-in/firebase").send({ idToken });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: officeMessages.firebaseRefused });
      expect(res.get("Set-Cookie")).toBeUndefined();
    }
  });
});

describe("configuration of the Firebase sign-in", () => {
  it("refuses to start with the Authentication emulator in production", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).not.toThrow();
  });

  it("Firebase sign-in needs its API key, auth domain and project", () => {
    expect(() => loadConfig({ OFFICE_SIGN_IN: "firebase" })).toThrow(
      /OFFICE_FIREBASE_API_KEY[\s\S]*OFFICE_FIREBASE_AUTH_DOMAIN[\s\S]*FIRESTORE_PROJECT_ID/,
    );
    expect(
      loadConfig({
        OFFICE_SIGN_IN: "firebase",
        OFFICE_FIREBASE_API_KEY: "key",
        OFFICE_FIREBASE_AUTH_DOMAIN: "kilima.firebaseapp.com",
        FIRESTORE_PROJECT_ID: "kilima-prod",
      }).office.signIn,
    ).toMatchObject({ mode: "firebase", projectId: "kilima-prod" });
  });
});
