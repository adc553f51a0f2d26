#!/usr/bin/env node
// @ts-check
/**
 * The mail outbox for operators: counts, the mails in a state, and retrying failed ones.
 *
 *   node bin/outbox.mjs stats                               pending, failed, age of the oldest pending
 *   node bin/outbox.mjs list [--state ERROR] [--contact ID] one line per mail, oldest first
 *   node bin/outbox.mjs retry ID [ID...] | --all-failed     ERROR -> PENDING, due now, attempts reset
 *
 * It reads the same environment as the API (STORE, DATA_DIR, FIRESTORE_PROJECT_ID, ...) and works through
 * the API's own compiled config and store adapters, so a retry is exactly the Store port's retryMail
 * (both stores, with every field the worker reads kept consistent). In the image it sits at
 * /app/bin/outbox.mjs beside /app/dist: `docker compose exec site node bin/outbox.mjs stats`. In a
 * clone it uses apps/admin-api/dist (build first). Run it against SQLite while the API runs, or not:
 * WAL and the store's busy timeout let both write.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const usage = `usage: outbox.mjs stats
       outbox.mjs list [--state PENDING|PROCESSING|SUCCESS|ERROR] [--contact CONTACT_ID]
       outbox.mjs retry MAIL_ID [MAIL_ID...] | --all-failed`;

const states = ["PENDING", "PROCESSING", "SUCCESS", "ERROR"];

/** The API's compiled output: beside this script in the image, in the workspace in a clone. */
function apiDist() {
  const candidates = [new URL("../dist/", import.meta.url), new URL("../../../apps/admin-api/dist/", import.meta.url)];
  const found = candidates.find((url) => existsSync(fileURLToPath(new URL("config.js", url))));
  if (!found) {
    throw new Error(`the API's build was not found (looked in ${candidates.map((url) => fileURLToPath(url)).join(", ")}); build it first`);
  }
  return found;
}

/** The same store main.ts opens for the same configuration. */
async function openStore(dist, storeConfig) {
  if (storeConfig.kind === "sqlite") {
    const { createSqliteStore } = await import(new URL("adapters/sqlite/sqlite-store.js", dist).href);
    return createSqliteStore({ file: storeConfig.file });
  }
  const distRequire = (await import("node:module")).createRequire(new URL("main.js", dist));
  const { initializeApp } = await import(pathToFileURL(distRequire.resolve("firebase-admin/app")).href);
  const { getFirestore } = await import(pathToFileURL(distRequire.resolve("firebase-admin/firestore")).href);
  const { createFirestoreStore } = await import(new URL("adapters/firestore/firestore-store.js", dist).href);
  const app = initializeApp(storeConfig.projectId ? { projectId: storeConfig.projectId } : {}, "outbox-cli");
  return createFirestoreStore({ firestore: getFirestore(app) });
}

/** @param {string[]} args @param {string} flag */
function option(args, flag) {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
  return value;
}

const iso = (date) => (date ? date.toISOString() : "-");

function formatMail(mail) {
  const { delivery } = mail;
  const due = delivery.state === "PENDING" ? ` next ${iso(delivery.nextAttemptAt)}` : "";
  const error = delivery.error ? ` error: ${delivery.error.replace(/\s+/g, " ").slice(0, 200)}` : "";
  return `${mail.id}  ${delivery.state.padEnd(10)} attempts ${delivery.attempts}  ${mail.meta.kind.padEnd(23)} created ${iso(mail.createdAt)}${due}  to ${mail.message.to}${error}`;
}

async function main(argv) {
  const [command, ...args] = argv;
  if (!command || !["stats", "list", "retry"].includes(command)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const dist = apiDist();
  const { loadConfig } = await import(new URL("config.js", dist).href);
  const config = loadConfig(process.env);
  const store = await openStore(dist, config.store);
  try {
    if (command === "stats") {
      process.stdout.write(`${JSON.stringify(await store.outboxStats(new Date()))}\n`);
      return 0;
    }
    if (command === "list") {
      const state = option(args, "--state");
      if (state !== undefined && !states.includes(state)) throw new Error(`--state must be one of ${states.join(", ")}`);
      const contactId = option(args, "--contact");
      const mails = await store.listMails({ ...(state ? { state } : {}), ...(contactId ? { contactId } : {}) });
      for (const mail of mails) process.stdout.write(`${formatMail(mail)}\n`);
      process.stderr.write(`${mails.length} mail(s)\n`);
      return 0;
    }
    const ids = args.includes("--all-failed")
      ? (await store.listMails({ state: "ERROR" })).map((mail) => mail.id)
      : args.filter((arg) => !arg.startsWith("--"));
    if (ids.length === 0 && !args.includes("--all-failed")) {
      process.stderr.write(`${usage}\n`);
      return 2;
    }
    let retried = 0;
    for (const id of ids) {
      // retryMail answers false for an unknown id or a mail that is not ERROR: say so, keep going.
      if (await store.retryMail(id, new Date())) {
        retried += 1;
        process.stdout.write(`${id}  queued again\n`);
      } else {
        process.stdout.write(`${id}  not retried (unknown, or not in state ERROR)\n`);
      }
    }
    process.stderr.write(`${retried} of ${ids.length} mail(s) queued again; the API's worker sends them on its next poll\n`);
    return retried === ids.length ? 0 : 1;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`outbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
