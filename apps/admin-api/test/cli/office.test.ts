import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { operator, operatorHere } from "../helpers/process.js";

// The command runs in the test's process (operatorHere: what its own process runs before it exits),
// except where a test says "as a process", which runs src/cli/office.ts as the image runs it.
const office = (args: string[], env: Record<string, string>) => operatorHere("office", args, env);

describe("operator command: site-office", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "admin-api-office-"));
    env = { DATA_DIR: join(dir, "data"), MAIL_DIR: join(dir, "mail") };
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names an owner once, lists the staff, and leaves an existing member's role alone", async () => {
    const added = await office(["add-owner", "Wanjiru@Firm.example"], env);
    expect(added.stderr).toBe("");
    expect(added).toMatchObject({
      status: 0,
      stdout: "office: wanjiru@firm.example is an owner of the office\n",
    });
    const again = await office(["add-owner", "wanjiru@firm.example"], env);
    expect(again).toMatchObject({
      status: 1,
      stderr: "office: wanjiru@firm.example is on the staff already, as owner\n",
    });
    const list = await office(["staff"], env);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(
      /^wanjiru@firm\.example {2}owner {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}\(system\)\n$/,
    );

    const store = createSqliteStore({ file: join(dir, "data", "site.db") });
    try {
      expect((await store.listAudit(5)).map((entry) => [entry.action, entry.actor])).toEqual([
        ["staff.owner-named", null],
      ]);
    } finally {
      await store.close();
    }
  });

  it("refuses a malformed address and wrong arguments without opening anything (as a process)", () => {
    expect(operator("office", ["add-owner", "not an address"], env)).toMatchObject({
      status: 2,
      stderr: "office: not an email address: not an address\n",
    });
    const wrong = operator("office", ["add-owner"], env);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("usage: site-office staff");
  });
});
