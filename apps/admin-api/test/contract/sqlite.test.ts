import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "../../src/adapters/sqlite/sqlite-store.js";
import { describeStoreContract } from "./store-contract.js";

describeStoreContract("SQLite", async () => {
  const dir = await mkdtemp(join(tmpdir(), "admin-api-sqlite-"));
  const store = createSqliteStore({ file: join(dir, "site.db") });
  return {
    store,
    // Another connection to the same file, as a second API process would open.
    sibling: async () => createSqliteStore({ file: join(dir, "site.db") }),
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
