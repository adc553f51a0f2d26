// What `site-personal-data` does (src/cli/personal-data.ts runs it as a process; its comment says how to use it).
import { dataKeySecretOf } from "../../adapters/data-key-file.js";
import { createDataKey } from "../../common/data-key.js";
import { createPersonalDataService } from "../../personal-data/service.js";
import { systemClock } from "../../ports/clock.js";
import type { OperatorCommand } from "../bootstrap.js";

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
