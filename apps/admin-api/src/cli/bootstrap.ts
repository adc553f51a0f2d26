import { ConfigError, loadConfig, type Config } from "../config.js";
import { createDataKey } from "../common/data-key.js";
import type { Store } from "../ports/store.js";

/** What every operator command gets: the API's configuration and, on demand, its store. */
export interface OperatorContext {
  /** Read from the same environment as the API (STORE, DATA_DIR, FIRESTORE_PROJECT_ID, ...). */
  config: Readonly<Config>;
  /** Opens the store the API opens for this configuration (once); closed when the command ends. */
  store(): Promise<Store>;
}

export interface OperatorCommand {
  /** The name in messages: `outbox: no such mail`. */
  name: string;
  usage: string;
  /** False when the arguments are wrong: the usage is printed and nothing is opened (exit code 2). */
  accepts(args: readonly string[]): boolean;
  /** The command's work; its answer is the exit code. */
  run(args: readonly string[], context: OperatorContext): Promise<number>;
}

/** The same store main.ts opens for the same configuration, so a command works through the Store port. */
async function openStore(config: Config["store"], dataKey: Config["dataKey"]): Promise<Store> {
  if (config.kind === "sqlite") {
    const { createSqliteStore } = await import("../adapters/sqlite/sqlite-store.js");
    return createSqliteStore({ file: config.file });
  }
  const [{ initializeApp }, { getFirestore }, { createFirestoreStore }, { dataKeySecretOf }] =
    await Promise.all([
      import("firebase-admin/app"),
      import("firebase-admin/firestore"),
      import("../adapters/firestore/firestore-store.js"),
      import("../adapters/data-key-file.js"),
    ]);
  const app = initializeApp(config.projectId ? { projectId: config.projectId } : {}, "operator");
  return createFirestoreStore({
    firestore: getFirestore(app),
    dataKey: createDataKey(dataKeySecretOf(dataKey)),
  });
}

/**
 * Runs one operator command as a process (src/cli/<name>.ts, `node dist/cli/<name>.js` in the image):
 * runOperator, then exit with its code.
 */
export async function runOperatorCommand(
  command: OperatorCommand,
  argv: readonly string[] = process.argv.slice(2),
): Promise<never> {
  process.exit(await runOperator(command, argv));
}

/**
 * One operator command's run, to its exit code: arguments checked before anything is opened,
 * configuration read once from `env` (the process's by default; a bad variable is named, exit 1), the
 * store opened only if the command asks for it and always closed, any error printed as one line
 * `<name>: message` with exit code 1. Output goes to the process's stdout and stderr. The tests run
 * most commands through it in their own process; a command's process is this, then process.exit.
 */
export async function runOperator(
  command: OperatorCommand,
  argv: readonly string[],
  env?: Record<string, string | undefined>,
): Promise<number> {
  try {
    return await runToExitCode(command, argv, env);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      error instanceof ConfigError ? `${message}\n` : `${command.name}: ${message}\n`,
    );
    return 1;
  }
}

async function runToExitCode(
  command: OperatorCommand,
  argv: readonly string[],
  env: Record<string, string | undefined> | undefined,
): Promise<number> {
  if (!command.accepts(argv)) {
    process.stderr.write(`${command.usage}\n`);
    return 2;
  }
  const config = loadConfig(env);
  let opened: Promise<Store> | undefined;
  try {
    return await command.run(argv, {
      config,
      store: () => (opened ??= openStore(config.store, config.dataKey)),
    });
  } finally {
    if (opened) await (await opened).close();
  }
}
