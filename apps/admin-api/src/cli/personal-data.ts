#!/usr/bin/env node
/**
 * A person's data, for operators answering a request under Kenya's Data Protection Act 2019, and the
 * subscriber list the firm imports into a newsletter tool.
 *
 *   site-personal-data export EMAIL     everything held about the address, as JSON on stdout
 *   site-personal-data erase EMAIL      deletes it everywhere; prints the erasure record (when, the
 *                                       address's keyed hash, what was deleted), the only trace kept
 *   site-personal-data subscribers      the subscribed, as CSV email,name,attributes on stdout
 *
 * In the image: `docker compose exec site node dist/cli/personal-data.js export someone@example.com`; in a
 * clone, after building the API: `node apps/admin-api/dist/cli/personal-data.js ...`. The same work as
 * the admin endpoints under /api/admin (personal-data/service.ts), through the Store port.
 */
import { runOperatorCommand } from "./bootstrap.js";
import { personalDataCommand } from "./commands/personal-data.js";

await runOperatorCommand(personalDataCommand);
