import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  firestoreEmulatorInstalled,
  loadRules,
  startFirestoreEmulator,
  unsignedIdToken,
  type FirestoreEmulator,
} from "./support/firestore-emulator.js";
import { readRepoFile } from "./support/repo.js";

const projectId = "demo-ops-rules";
const rules = readRepoFile("firestore.rules");
// The API's collections, and a nested path the recursive wildcard must cover as well.
const collections = ["subscriptions", "contacts", "mail", "contacts/some-contact/notes"];

type Caller = { name: string; headers: Record<string, string> };
const anonymous: Caller = { name: "an anonymous browser", headers: {} };
const signedIn: Caller = {
  name: "a signed-in end user",
  headers: { authorization: `Bearer ${unsignedIdToken(projectId, "visitor-1")}` },
};
// The emulator's stand-in for a service account (firebase-admin): rules do not apply to it.
const admin: Caller = { name: "the API's service account", headers: { authorization: "Bearer owner" } };

let emulator: FirestoreEmulator;

async function call(caller: Caller, method: string, path: string, body?: object) {
  const response = await fetch(`${emulator.documents}/${path}`, {
    method,
    headers: { ...caller.headers, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as { error?: { status?: string } } };
}

const fields = { fields: { email: { stringValue: "someone@example.com" } } };

describe.skipIf(!firestoreEmulatorInstalled)("firestore.rules", () => {
  beforeAll(async () => {
    emulator = await startFirestoreEmulator(projectId);
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  it("compiles in the Firestore emulator's rules compiler", async () => {
    const loaded = await loadRules(emulator, rules);
    expect(loaded.body).not.toContain("Error compiling rules");
    expect(loaded.status).toBe(200);
  });

  it("would be caught by that compiler if it had a syntax error", async () => {
    // The rules with their final closing brace removed.
    const broken = rules.slice(0, rules.lastIndexOf("}"));
    const loaded = await loadRules(emulator, broken);
    expect(loaded.status).toBe(400);
    expect(loaded.body).toContain("Error compiling rules");
    // Back to the real rules for the checks below.
    expect((await loadRules(emulator, rules)).status).toBe(200);
  });

  it("lets the API's service account read and write (rules do not bind it)", async () => {
    for (const collection of collections) {
      const created = await call(admin, "PATCH", `${collection}/seeded`, fields);
      expect(created.status, collection).toBe(200);
      expect((await call(admin, "GET", `${collection}/seeded`)).status, collection).toBe(200);
    }
  });

  it("recognises the signed-in caller's token (so its denial below comes from our rules)", async () => {
    const ownerOnly = rules.replace("if false;", "if request.auth.uid == 'visitor-1';");
    expect((await loadRules(emulator, ownerOnly)).status).toBe(200);
    try {
      expect((await call(signedIn, "GET", "contacts/seeded")).status).toBe(200);
      expect((await call(anonymous, "GET", "contacts/seeded")).status).toBe(403);
    } finally {
      expect((await loadRules(emulator, rules)).status).toBe(200);
    }
  });

  for (const caller of [anonymous, signedIn]) {
    it(`denies ${caller.name} every read and write on every collection`, async () => {
      for (const collection of collections) {
        const attempts = [
          await call(caller, "POST", collection, fields), // create with a generated id
          await call(caller, "PATCH", `${collection}/seeded`, fields), // update
          await call(caller, "PATCH", `${collection}/fresh-id`, fields), // create at a chosen id
          await call(caller, "GET", `${collection}/seeded`), // get
          await call(caller, "GET", collection), // list
          await call(caller, "DELETE", `${collection}/seeded`), // delete
        ];
        for (const attempt of attempts) {
          expect(attempt.status, collection).toBe(403);
          expect(attempt.json.error?.status, collection).toBe("PERMISSION_DENIED");
        }
      }
      // Nothing was changed or removed by the denied calls.
      expect((await call(admin, "GET", "contacts/seeded")).status).toBe(200);
      expect((await call(admin, "GET", "contacts/fresh-id")).status).toBe(404);
    });
  }
});
