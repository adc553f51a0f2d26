// Preloaded into worker threads started from the API's TypeScript sources (under tsx or vitest; see
// src/adapters/sqlite/checkpointer.ts) so the thread can load its .ts module. `node --import tsx`
// registers tsx's loader on the main thread only, and on Node 20 a thread does not inherit it.
// A thread gets lighter hooks than tsx's own (ts-thread-hooks.mjs says why); the main thread keeps tsx.
// The built API (dist/) never loads this file: its threads run compiled .js.
import { register } from "node:module";

register("./ts-thread-hooks.mjs", import.meta.url);
