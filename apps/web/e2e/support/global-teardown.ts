import { rmSync } from "node:fs";
import { e2eRun } from "./run-env";

/** Removes the run's temporary data and mail directories (the server is stopped right after). */
export default function globalTeardown(): void {
  if (process.env.E2E_KEEP_STATE) return;
  rmSync(e2eRun().rootDir, { recursive: true, force: true });
}
