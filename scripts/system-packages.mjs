// The programs outside npm that the test suites drive, and how to get them on Debian. `npm test` calls
// ensureSystemPackages() before anything else: as root it installs what is missing through apt-get;
// otherwise it stops before running anything, naming each missing package and the one command that
// installs them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const onPath = (command) =>
  (process.env.PATH ?? "")
    .split(":")
    .some((dir) => dir !== "" && existsSync(join(dir, command)));

/** What each suite needs, with a check that it is there and the Debian package that provides it. */
const required = [
  {
    apt: "chromium",
    why: "browser tests (Playwright) and Lighthouse",
    present: () => (process.env.CHROME_PATH ? existsSync(process.env.CHROME_PATH) : onPath("chromium")),
  },
  {
    apt: "docker-compose",
    why: "validating the compose files (no Docker engine needed)",
    present: () => onPath("docker-compose"),
  },
];

/** Google's Java Firestore emulator compiles firestore.rules exactly as production does. */
const firestoreEmulator = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator";

function apt(args) {
  const result = spawnSync("apt-get", args, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

/** Returns normally when every required program is there (installing it first when it can). */
export function ensureSystemPackages() {
  let missing = required.filter((item) => !item.present());
  if (missing.length > 0) {
    const names = missing.map((item) => item.apt);
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    if (isRoot && onPath("apt-get")) {
      console.log(`Installing Debian packages the tests need: ${names.join(", ")}`);
      if (!apt(["update", "-qq"]) || !apt(["install", "-y", "-qq", ...names])) {
        console.error(`apt-get could not install ${names.join(", ")}.`);
        process.exit(2);
      }
      missing = required.filter((item) => !item.present());
    }
    if (missing.length > 0) {
      console.error("The tests need programs that are not installed:");
      for (const item of missing) console.error(`  ${item.apt.padEnd(16)} for ${item.why}`);
      console.error(
        `Install them, then run npm test again:\n  sudo apt-get install -y ${missing.map((item) => item.apt).join(" ")}`,
      );
      process.exit(2);
    }
  }
  const emulator = process.env.FIRESTORE_EMULATOR_BIN || firestoreEmulator;
  if (!existsSync(emulator) && !onPath("gcloud")) {
    console.log(
      "Note: Google's Cloud Firestore emulator is not installed, so the Firestore security-rules tests " +
        "are skipped (package google-cloud-cli-firestore-emulator from Google's apt repository, with Java).",
    );
  }
}
