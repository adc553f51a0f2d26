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
import { dataKeySecretOf } from "../adapters/data-key-file.js";
import { createDataKey } from "../common/data-key.js";
import { createPersonalDataService } from "../personal-data/service.js";
import { systemClock } from "../ports/clock.js";
import { runOperatorCommand, type OperatorCommand } from "./bootstrap.js";

export const personalDataCommand: OperatorCommand = {
  name: "personal-data",
  usage: `usage: site-personal-data export EMAIL
       site-personal-data erase EMAIL
       site-personal-data subscribers`,
  accepts: ([command, ...args]) =>
    ((command === "export" || command === "erase") && args.length === 1) ||
    (command === "subscribers" && args.length === 0),
  async run([command, email], { config, store }) {
    const service = createPersonalDataService({
      store: await store(),
      // The API's own data key: an erasure's address hash matches the one the API would record.
      dataKey: createDataKey(dataKeySecretOf(config.dataKey)),
      clock: systemClock,
    });
    if (command === "subscribers") {
      process.stdout.write(await service.subscribersCsv());
      return 0;
    }
    const outcome = command === "export" ? await service.export(email) : await service.erase(email);
    if (outcome.kind === "invalid") throw new Error(`not an email address: ${String(email)}`);
    process.stdout.write(`${JSON.stringify(outcome.value, null, 2)}\n`);
    return 0;
  },
};

await runOperatorCommand(personalDataCommand);
