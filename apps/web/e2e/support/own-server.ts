import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startProduct } from "../../perf/product-server.mjs";

/** The product as `npm start` runs it, on its own port, serving its own copy of the build. */
export interface OwnServer {
  baseUrl: string;
  /** The copy of build/client it serves: a test may change a file in it, as a new release would. */
  siteDir: string;
  stop: () => Promise<void>;
}

const buildDir = fileURLToPath(new URL("../../build/client/", import.meta.url));

/**
 * Starts the product on a copy of the web build (perf/product-server.mjs: a free port, its own data and
 * mail folders), for tests that change what the server sends without touching the suite's shared server.
 */
export async function startOwnServer(): Promise<OwnServer> {
  const siteDir = join(mkdtempSync(join(tmpdir(), "site-e2e-build-")), "client");
  cpSync(buildDir, siteDir, { recursive: true });
  const product = await startProduct({ siteDir });
  return {
    baseUrl: product.baseUrl,
    siteDir,
    stop: async () => {
      await product.stop();
      rmSync(join(siteDir, ".."), { recursive: true, force: true });
    },
  };
}
