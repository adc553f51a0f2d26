import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { privateDirectoryMode } from "./private-files.js";

/**
 * The data key's secret when DATA_KEY_SECRET is unset (the embedded default): read from `file`, or made
 * once (32 random bytes, base64url) and kept there, readable by this user only, beside the SQLite file.
 * Two processes starting together agree, and neither ever reads a half-written file: each writes its key
 * whole to a file of its own, then links it to the name, which only one link can take (the loser reads the
 * winner's). Losing the file changes every key derived from it (limits restart, Firestore subscription
 * ids no longer match), so back it up with the data.
 */
export function readOrCreateDataKeySecret(file: string): string {
  try {
    return readSecret(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: privateDirectoryMode });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(draft, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readSecret(file);
}

/** The secret for a configuration: DATA_KEY_SECRET, or the generated file (main.ts and the operator commands agree). */
export function dataKeySecretOf(
  config: { kind: "secret"; secret: string } | { kind: "file"; file: string },
): string {
  return config.kind === "secret" ? config.secret : readOrCreateDataKeySecret(config.file);
}

function readSecret(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file}: the data key is shorter than 32 characters`);
  return secret;
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === "ENOENT";
