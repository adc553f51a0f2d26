import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { operator, operatorHere } from "../helpers/process.js";

// The command runs in the test's process (operatorHere: what its own process runs before it exits),
// except where a test says "as a process", which runs src/cli/comments.ts as the image runs it.
const comments = (args: string[], env: Record<string, string>) =>
  operatorHere("comments", args, env);

describe("operator command: site-comments", () => {
  let dir: string;
  let env: Record<string, string>;
  let ids: string[];
  const file = () => join(dir, "data", "site.db");
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-comments-"));
    env = { DATA_DIR: join(dir, "data"), MAIL_DIR: join(dir, "mail") };
    const store = createSqliteStore({ file: file() });
    ids = [];
    for (const [name, text] of [
      ["Amina", "First\nline two"],
      ["Baraka", "Second"],
      ["Chebet", "Third"],
    ] as const) {
      ids.push(
        (
          await store.addCommentWithMails(
            { post: "a-post", name, email: `${name}@example.com`, text },
            () => [],
          )
        ).id,
      );
    }
    await store.close();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const statuses = async () => {
    const store = createSqliteStore({ file: file() });
    try {
      return await Promise.all(ids.map(async (id) => (await store.getComment(id))?.status));
    } finally {
      await store.close();
    }
  };

  it("with arguments it does not take prints the usage and exits 2", async () => {
    for (const args of [[], ["approve"], ["list", "x"], ["delete", "x"]]) {
      const result = await comments(args, env);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/^usage: site-comments list/);
    }
  });

  it("list prints the pending comments oldest first, one line each, never the address", async () => {
    const result = await comments(["list"], env);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^${ids[0]}  a-post  \\S+Z  Amina: First line two$`));
    expect(lines[1]).toContain("Baraka: Second");
    expect(result.stdout).not.toContain("@example.com");
    expect(result.stderr).toBe("3 pending\n");
  });

  it("approve, reject and spam decide by id", async () => {
    expect(await comments(["approve", ids[0]!], env)).toMatchObject({
      status: 0,
      stdout: `${ids[0]}  approved\n`,
    });
    expect((await comments(["reject", ids[1]!], env)).status).toBe(0);
    expect((await comments(["spam", ids[2]!], env)).status).toBe(0);
    expect(await statuses()).toEqual(["approved", "rejected", "spam"]);
  });

  /** When the store says a comment was decided, as the command prints it. */
  const decidedAt = async (id: string) => {
    const store = createSqliteStore({ file: file() });
    try {
      return (await store.getComment(id))?.moderatedAt?.toISOString();
    } finally {
      await store.close();
    }
  };

  it("a repeated decision says so and when; an unknown id is named, with exit code 1 (as a process)", async () => {
    const store = createSqliteStore({ file: file() });
    await store.setCommentStatus(ids[0]!, "approved");
    await store.close();
    const result = operator("comments", ["approve", ids[0]!, "no-such-comment"], env);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${ids[0]}  already approved at ${await decidedAt(ids[0]!)}\n`);
    expect(result.stderr).toBe("comments: no such comment: no-such-comment\n");
    expect(await statuses()).toEqual(["approved", "pending", "pending"]);
  });

  it("a comment decided since the list (a link of the mail) keeps its decision, and the command says what and when", async () => {
    // Listed as pending, then rejected through the firm's mail before the operator's approve.
    const store = createSqliteStore({ file: file() });
    await store.setCommentStatus(ids[0]!, "rejected", { onlyIfPending: true });
    await store.close();
    const when = await decidedAt(ids[0]!);
    const result = await comments(["approve", ids[0]!, ids[1]!], env);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${ids[1]}  approved\n`);
    expect(result.stderr).toBe(
      `comments: ${ids[0]} was rejected at ${when}; kept ` +
        `(to make it approved: site-comments approve --change ${ids[0]})\n`,
    );
    expect(await statuses()).toEqual(["rejected", "approved", "pending"]);
    expect(await decidedAt(ids[0]!)).toBe(when);
  });

  it("--change overturns an earlier decision deliberately, saying what it was", async () => {
    const store = createSqliteStore({ file: file() });
    await store.setCommentStatus(ids[0]!, "rejected");
    await store.close();
    const when = await decidedAt(ids[0]!);
    const result = await comments(["approve", "--change", ids[0]!, ids[2]!], env);
    expect(result).toMatchObject({
      status: 0,
      stdout: `${ids[0]}  approved (was rejected at ${when})\n${ids[2]}  approved\n`,
    });
    expect(await statuses()).toEqual(["approved", "pending", "approved"]);
    expect((await comments(["spam", "--force", ids[0]!], env)).status).toBe(2);
    expect((await comments(["spam", "--change"], env)).status).toBe(2);
  });
});
