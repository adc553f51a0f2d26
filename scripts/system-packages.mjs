// The programs outside npm that the test suites and the performance budget drive, and how to get them on
// Debian. `npm test` and `npm run perf` call ensureSystemPackages() with their own before anything else:
// as root it installs what is missing through apt-get; otherwise it stops before running anything, naming
// each missing package and the one command that installs them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const onPath = (command) =>
  (process.env.PATH ?? "")
    .split(":")
    .some((dir) => dir !== "" && existsSync(join(dir, command)));

const chromePath = process.env.CHROME_PATH;
/** CHROME_PATH, which both browser gates drive when it is set (apps/web/perf/chrome.mjs), or `command`. */
const browser = (command) => () => (chromePath ? existsSync(chromePath) : onPath(command));

/** What each command needs, with a check that it is there and the Debian package that provides it. */
const required = {
  test: [
    {
      // The Playwright suites. The same Chromium as the `chromium` package, without the desktop browser
      // around it: the web suite ran in 3.5 min instead of 6 (apps/web/perf/chrome.mjs).
      apt: "chromium-headless-shell",
      why: "browser tests (Playwright)",
      present: browser("chromium-headless-shell"),
    },
    {
      apt: "docker-compose",
      why: "validating the compose files (no Docker engine needed)",
      present: () => onPath("docker-compose"),
    },
  ],
  // Lighthouse measures the browser visitors run.
  perf: [{ apt: "chromium", why: "the performance budget (Lighthouse)", present: browser("chromium") }],
};

/** Google's Java Firestore emulator compiles firestore.rules exactly as production does. */
const firestoreEmulator = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator";

function apt(args) {
  const result = spawnSync("apt-get", args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/**
 * Returns normally when every program `command` ("test" or "perf") needs is there (installing it first
 * when it can).
 */
export function ensureSystemPackages(command) {
  const needed = required[command];
  const again = command === "test" ? "npm test" : "npm run perf";
  let missing = needed.filter((item) => !item.present());
  if (missing.length > 0) {
    const names = missing.map((item) => item.apt);
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    if (isRoot && onPath("apt-get")) {
      console.log(`Installing the Debian packages that ${again} needs: ${names.join(", ")}`);
      if (!apt(["update", "-qq"]) || !apt(["install", "-y", "-qq", ...names])) {
        console.error(`apt-get could not install ${names.join(", ")}.`);
        process.exit(2);
      }
      missing = needed.filter((item) => !item.present());
    }
    if (missing.length > 0) {
      console.error(`${again} needs programs that are not installed:`);
      for (const item of missing) console.error(`  ${item.apt.padEnd(24)} for ${item.why}`);
      console.error(
        `Install them, then run ${again} again:\n  sudo apt-get install -y ${missing.map((item) => item.apt).join(" ")}`,
      );
      process.exit(2);
    }
  }
  const emulator = process.env.FIRESTORE_EMULATOR_BIN || firestoreEmulator;
  if (command === "test" && !existsSync(emulator) && !onPath("gcloud")) {
    console.log(
      "Note: Google's Cloud Firestore emulator is not installed, so the Firestore security-rules tests " +
        "are skipped (package google-cloud-cli-firestore-emulator from Google's apt repository, with Java).",
    );
  }
}
