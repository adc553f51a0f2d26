#!/usr/bin/env node
/**
 * The mail outbox for operators: counts, the mails in a state, and retrying failed ones.
 *
 *   site-outbox stats                               pending, failed, age of the oldest pending
 *   site-outbox list [--state ERROR] [--contact ID] one line per mail, oldest first
 *   site-outbox retry ID [ID...] | --all-failed     ERROR -> PENDING, due now, attempts reset
 *
 * In the image: `docker compose exec site node dist/cli/outbox.js stats`; in a clone, after building the
 * API: `node apps/admin-api/dist/cli/outbox.js stats`. A retry is exactly the Store port's retryMail
 * (both stores, every field the worker reads kept consistent). Run it against SQLite while the API runs,
 * or not: WAL and the store's busy timeout let both write.
 */
import { runOperatorCommand } from "./bootstrap.js";
import { outboxCommand } from "./commands/outbox.js";

await runOperatorCommand(outboxCommand);
