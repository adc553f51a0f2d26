import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readOrCreateDataKeySecret } from "../../src/adapters/data-key-file.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "data-key-"));
  dirs.push(dir);
  return dir;
};

/**
 * One process that waits for `startAt`, then reads or creates the data key of each of `count` files in
 * `dir`, in order, and prints the secrets (or the first error) as JSON.
 */
function creator(dir: string, count: number, startAt: number): Promise<string> {
  const script = `
    import { readOrCreateDataKeySecret } from "./src/adapters/data-key-file.ts";
    while (Date.now() < ${startAt});
    const secrets = [];
    try {
      for (let i = 0; i < ${count}; i++) secrets.push(readOrCreateDataKeySecret(${JSON.stringify(dir)} + "/key-" + i));
      console.log(JSON.stringify({ secrets }));
    } catch (error) {
      console.log(JSON.stringify({ error: String(error) }));
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", () => resolve(out));
  });
}

describe("the generated data key file", () => {
  it("is made once, 32 random bytes, readable by its user only, and read back the same", () => {
    const file = join(tempDir(), "nested", "data-key");
    const secret = readOrCreateDataKeySecret(file);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateDataKeySecret(file)).toBe(secret);
  });

  it("four processes starting together each get the same key, never a half-written file", async () => {
    const dir = tempDir();
    const count = 300;
    // Time for the processes to start (tsx compiles the module) before they race.
    const startAt = Date.now() + 4000;
    const outputs = await Promise.all([1, 2, 3, 4].map(() => creator(dir, count, startAt)));
    const results = outputs.map(
      (out) =>
        JSON.parse(out.trim() || '{"error":"no output"}') as { secrets?: string[]; error?: string },
    );
    expect(results.map((result) => result.error)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const result of results.slice(1)) expect(result.secrets).toEqual(results[0]?.secrets);
    // Nothing but the keys is left behind.
    expect(readdirSync(dir).sort()).toEqual(
      Array.from({ length: count }, (_, i) => `key-${i}`).sort(),
    );
  });
});
