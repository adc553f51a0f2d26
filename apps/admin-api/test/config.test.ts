import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firm } from "@site/shared/content";
import { ConfigError, configVariables, loadConfig, repoRoot } from "../src/config.js";

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("loadConfig", () => {
  it("runs with no configuration at all, on the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      logLevel: "info",
      store: { kind: "sqlite", file: join(repoRoot, "var/data/site.db") },
      mail: {
        transport: { kind: "eml", dir: join(repoRoot, "var/mail") },
        contactInbox: firm.email,
        maxAttempts: 8,
        retryBaseMs: 30_000,
        pollIntervalMs: 5_000,
      },
      adminApiToken: undefined,
      corsOrigins: [],
      siteDir: join(repoRoot, "apps/web/build/client"),
      siteUrl: firm.siteUrl,
      trustProxy: false,
      rateLimit: { windowMs: 900_000, max: 20 },
    });
    expect(config.mail.from).toBe(`"${firm.name}" <no-reply@${firm.email.split("@")[1]}>`);
  });

  it("finds the repo root from its own location, not the working directory", () => {
    expect(existsSync(join(repoRoot, "pnpm-workspace.yaml"))).toBe(true);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "3000",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: "/srv/data",
      MAIL_DIR: "/srv/mail",
      SMTP_URL: "smtp://user:pass@mail.example.com:587",
      MAIL_FROM: "Firm <hello@firm.example>",
      CONTACT_INBOX: "desk@firm.example",
      ADMIN_API_TOKEN: "a".repeat(24),
      CORS_ORIGINS: "https://admin.firm.example, https://www.firm.example",
      SITE_DIR: "/srv/site",
      SITE_URL: "https://firm.example",
      TRUST_PROXY: "1",
      RATE_LIMIT_WINDOW_MS: "60000",
      RATE_LIMIT_MAX: "100",
      MAIL_MAX_ATTEMPTS: "3",
      MAIL_RETRY_BASE_MS: "1000",
      MAIL_POLL_INTERVAL_MS: "250",
    });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      logLevel: "warn",
      store: { kind: "sqlite", file: "/srv/data/site.db" },
      mail: {
        transport: { kind: "smtp", url: "smtp://user:pass@mail.example.com:587" },
        from: "Firm <hello@firm.example>",
        contactInbox: "desk@firm.example",
        maxAttempts: 3,
        retryBaseMs: 1000,
        pollIntervalMs: 250,
      },
      adminApiToken: "a".repeat(24),
      corsOrigins: ["https://admin.firm.example", "https://www.firm.example"],
      siteDir: "/srv/site",
      siteUrl: "https://firm.example",
      trustProxy: 1,
      rateLimit: { windowMs: 60_000, max: 100 },
    });
  });

  it("chooses Firestore with the project from FIRESTORE_PROJECT_ID, else the Google variables", () => {
    expect(
      loadConfig({ STORE: "firestore", GOOGLE_CLOUD_PROJECT: "g", GCLOUD_PROJECT: "c" }).store,
    ).toEqual({
      kind: "firestore",
      projectId: "g",
      emulatorHost: undefined,
      credentialsFile: undefined,
    });
    expect(loadConfig({ STORE: "firestore", GCLOUD_PROJECT: "c" }).store).toMatchObject({
      projectId: "c",
    });
    expect(
      loadConfig({
        STORE: "firestore",
        FIRESTORE_PROJECT_ID: "f",
        GOOGLE_CLOUD_PROJECT: "g",
        FIRESTORE_EMULATOR_HOST: "127.0.0.1:8081",
      }).store,
    ).toMatchObject({ projectId: "f", emulatorHost: "127.0.0.1:8081" });
  });

  it("treats blank values as unset", () => {
    const config = loadConfig({ SMTP_URL: "", ADMIN_API_TOKEN: "  ", PORT: "" });
    expect(config.mail.transport.kind).toBe("eml");
    expect(config.adminApiToken).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it("parses TRUST_PROXY as a flag, a hop count or an address list", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe(
      "loopback, 10.0.0.0/8",
    );
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["LOG_LEVEL", "loud"],
    ["STORE", "postgres"],
    ["SMTP_URL", "http://mail.example.com"],
    ["CONTACT_INBOX", "not an email"],
    ["ADMIN_API_TOKEN", "short"],
    ["CORS_ORIGINS", "https://ok.example,not-a-url"],
    ["SITE_URL", "nope"],
    ["RATE_LIMIT_MAX", "0"],
    ["RATE_LIMIT_WINDOW_MS", "-5"],
    ["MAIL_MAX_ATTEMPTS", "1.5"],
    ["MAIL_RETRY_BASE_MS", "soon"],
    ["MAIL_POLL_INTERVAL_MS", "0"],
  ])("refuses a bad %s (%s) with a message naming it", (variable, value) => {
    expect(configError({ [variable]: value })).toContain(variable);
  });

  it("names every bad variable at once", () => {
    const message = configError({ PORT: "x", STORE: "y", ADMIN_API_TOKEN: "z" });
    expect(message).toContain("PORT");
    expect(message).toContain("STORE");
    expect(message).toContain("ADMIN_API_TOKEN");
    expect(message).toContain("at least 24");
  });

  it("every variable is documented, commented out, in the repo's .env.example", () => {
    const example = readFileSync(join(repoRoot, ".env.example"), "utf8");
    expect(configVariables.length).toBeGreaterThanOrEqual(24);
    for (const variable of configVariables)
      expect(example).toMatch(new RegExp(`^# ${variable}=`, "m"));
    expect(example).not.toMatch(/^[A-Z_]+=/m);
  });

  it("is frozen", () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.mail)).toBe(true);
    expect(Object.isFrozen(config.corsOrigins)).toBe(true);
  });
});
