import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { cleanEnv, freePort, run, startProcess, stopProcess, waitUntil } from "./repo.js";

const debianPath = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator";

/**
 * Google's Cloud Firestore emulator (Java), the one `firebase emulators:start` runs. It compiles security
 * rules exactly as production does, so it is the rules checker: FIRESTORE_EMULATOR_BIN, Debian's
 * google-cloud-cli-firestore-emulator package, or the component of whichever gcloud is on PATH.
 */
export function firestoreEmulatorPath(): string | undefined {
  const candidates = [process.env["FIRESTORE_EMULATOR_BIN"], debianPath];
  const sdk = run("gcloud", ["info", "--format=value(installation.sdk_root)"], { timeoutMs: 30_000 });
  if (sdk.status === 0 && sdk.stdout.trim() !== "") {
    candidates.push(join(sdk.stdout.trim(), "platform/cloud-firestore-emulator/cloud_firestore_emulator"));
  }
  return candidates.find((path): path is string => path !== undefined && path !== "" && existsSync(path));
}

/**
 * Google's emulator is in neither Debian's archive nor npm, so a machine may lack it: the suites that need
 * it are then skipped (reported as skipped, and `npm test` says why before it starts), not failed.
 */
export const firestoreEmulatorInstalled = firestoreEmulatorPath() !== undefined;

export function findFirestoreEmulator(): string {
  const found = firestoreEmulatorPath();
  if (!found) {
    throw new Error(
      "The Cloud Firestore emulator is not installed, so firestore.rules cannot be compiled: install " +
        "google-cloud-cli-firestore-emulator (apt) or `gcloud components install cloud-firestore-emulator`, " +
        "with Java 11+, or set FIRESTORE_EMULATOR_BIN.",
    );
  }
  if (run("java", ["-version"]).status !== 0) throw new Error("The Firestore emulator needs Java 11+ on PATH.");
  return found;
}

export interface FirestoreEmulator {
  baseUrl: string;
  projectId: string;
  /** The REST path of the default database's documents. */
  documents: string;
  stop(): Promise<void>;
}

export async function startFirestoreEmulator(projectId: string): Promise<FirestoreEmulator> {
  const bin = findFirestoreEmulator();
  const port = await freePort();
  const { child, output } = startProcess(bin, ["--host", "127.0.0.1", "--port", String(port), "--project_id", projectId], {
    cwd: process.cwd(),
    env: cleanEnv({ JAVA_TOOL_OPTIONS: "-Xmx512m" }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(async () => (await fetch(baseUrl)).ok, { timeoutMs: 60_000, child, what: "Firestore emulator" });
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
  }
  return {
    baseUrl,
    projectId,
    documents: `${baseUrl}/v1/projects/${projectId}/databases/(default)/documents`,
    stop: async () => {
      await stopProcess(child as ChildProcess);
    },
  };
}

/** Loads rules the way firebase-tools does; the emulator answers 400 with the compiler's errors. */
export async function loadRules(emulator: FirestoreEmulator, source: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${emulator.baseUrl}/emulator/v1/projects/${emulator.projectId}:securityRules`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ rules: { files: [{ name: "firestore.rules", content: source }] } }),
  });
  return { status: response.status, body: await response.text() };
}

/**
 * An ID token for a signed-in end user. The emulator accepts unsigned tokens (alg "none"), as
 * @firebase/rules-unit-testing sends them, and evaluates rules with request.auth set from it.
 */
export function unsignedIdToken(projectId: string, uid: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return [
    encode({ alg: "none", typ: "JWT" }),
    encode({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      iat: now,
      exp: now + 3600,
      auth_time: now,
      sub: uid,
      user_id: uid,
      email: `${uid}@example.com`,
      email_verified: true,
      firebase: { sign_in_provider: "password", identities: {} },
    }),
    "",
  ].join(".");
}
