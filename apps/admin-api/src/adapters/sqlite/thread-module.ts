/**
 * How the store starts one of its threads (checkpoint-worker.ts, writer-thread.ts): built, the module is
 * the .js beside this one in dist/adapters/sqlite/. Run from the TypeScript sources (tsx, vitest), this
 * file is a .ts and so is the thread's module, loaded through the small TypeScript hooks
 * scripts/tsx-in-threads.mjs registers in the thread first (it says why).
 */
const fromSources = import.meta.url.endsWith(".ts");

/**
 * The process's Node options without tsx's loader (`--import tsx`, as the API's scripts run it): it
 * would cost each thread about half a second to start, and the thread's hooks load its modules instead.
 */
function withoutTsx(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const option = argv[i] ?? "";
    if (option === "--import" && argv[i + 1] === "tsx") i += 1;
    else if (option !== "--import=tsx") kept.push(option);
  }
  return kept;
}

export function threadModule(name: string): { url: URL; execArgv: string[] } {
  return {
    url: new URL(`./${name}${fromSources ? ".ts" : ".js"}`, import.meta.url),
    execArgv: fromSources
      ? [
          ...withoutTsx(process.execArgv),
          "--import",
          new URL("../../../scripts/tsx-in-threads.mjs", import.meta.url).href,
        ]
      : process.execArgv,
  };
}
