import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The data key's secret when DATA_KEY_SECRET is unset (the embedded default): read from `file`, or made
 * once (32 random bytes, base64url) and kept there, readable by this user only, beside the SQLite file.
 * Two processes starting together agree: the file is created exclusively, and the loser reads the
 * winner's. Losing the file changes every key derived from it (limits restart, Firestore subscription
 * ids no longer match), so back it up with the data.
 */
export function readOrCreateDataKeySecret(file: string): string {
  try {
    return readSecret(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
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
