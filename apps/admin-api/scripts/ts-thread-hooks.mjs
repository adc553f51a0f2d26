// Module hooks registered by tsx-in-threads.mjs in a worker thread started from the API's TypeScript
// sources: they load the thread's .ts modules as JavaScript.
//
// Why not tsx's own loader, as the main thread uses: registering it costs a thread about 0.25 s of CPU
// (tsx and esbuild loaded twice, in the thread and in the hooks' own thread), and the test suite starts
// one thread per SQLite store it opens, hundreds per run. These hooks load nothing on the usual path: a
// module is compiled once (TypeScript's transpileModule, the package's own compiler) and read back from
// node_modules/.cache/ts-threads afterwards, keyed by its path, its text and the compiler's version.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const packageJson = new URL("../package.json", import.meta.url);
const cacheDir = fileURLToPath(new URL("../node_modules/.cache/ts-threads/", import.meta.url));
const require = createRequire(packageJson);
const compilerVersion = JSON.parse(readFileSync(require.resolve("typescript/package.json"), "utf8")).version;

/** @type {typeof import("typescript") | undefined} */
let typescript;

/** A relative `./x.js` from a .ts module names `./x.ts` in the sources (NodeNext's convention). */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith("./") || specifier.startsWith("../");
    if (
      error?.code !== "ERR_MODULE_NOT_FOUND" ||
      !relative ||
      !specifier.endsWith(".js") ||
      !context.parentURL?.endsWith(".ts")
    )
      throw error;
    return nextResolve(`${specifier.slice(0, -".js".length)}.ts`, context);
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const text = readFileSync(file, "utf8");
  const key = createHash("sha256").update(`${compilerVersion}\0${file}\0${text}`).digest("hex");
  const cached = `${cacheDir}${key}.mjs`;
  try {
    return { format: "module", source: readFileSync(cached, "utf8"), shortCircuit: true };
  } catch (error) {
    if (error?.code !== "ENOENT") throw error;
  }
  typescript ??= require("typescript");
  const { outputText } = typescript.transpileModule(text, {
    fileName: file,
    compilerOptions: {
      module: typescript.ModuleKind.ESNext,
      target: typescript.ScriptTarget.ES2023,
      verbatimModuleSyntax: true,
      inlineSourceMap: true,
      inlineSources: true,
    },
  });
  // Written aside and renamed into place: threads compiling the same module at once never read half a file.
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, outputText);
  renameSync(partial, cached);
  return { format: "module", source: outputText, shortCircuit: true };
}
