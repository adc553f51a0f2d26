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

  // Production Firestore needs the data key (see below).
  const key = { DATA_KEY_SECRET: "k".repeat(32) };

  it("chooses Firestore with the project from FIRESTORE_PROJECT_ID, else the Google variables", () => {
    expect(
      loadConfig({ STORE: "firestore", GOOGLE_CLOUD_PROJECT: "g", GCLOUD_PROJECT: "c", ...key })
        .store,
    ).toEqual({
      kind: "firestore",
      projectId: "g",
      emulatorHost: undefined,
      credentialsFile: undefined,
    });
    expect(loadConfig({ STORE: "firestore", GCLOUD_PROJECT: "c", ...key }).store).toMatchObject({
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

  it("parses TRUST_PROXY as off, a hop count or an address/subnet list", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe(
      "loopback, 10.0.0.0/8",
    );
    expect(loadConfig({ TRUST_PROXY: "192.0.2.7,2001:db8::/32" }).trustProxy).toBe(
      "192.0.2.7, 2001:db8::/32",
    );
  });

  it.each(["true", "TRUE", "yes", "10.0.0.0/40", "proxy.example.com"])(
    "refuses TRUST_PROXY=%s at start-up, naming the variable",
    (value) => {
      const message = configError({ TRUST_PROXY: value });
      expect(message).toContain("TRUST_PROXY");
    },
  );

  it("explains why TRUST_PROXY=true is refused", () => {
    expect(configError({ TRUST_PROXY: "true" })).toMatch(
      /TRUST_PROXY: .*X-Forwarded-For.*hop count/,
    );
  });

  it("keeps CORS_ORIGINS as origins (scheme, host, port)", () => {
    expect(
      loadConfig({ CORS_ORIGINS: "https://Admin.Firm.example, http://localhost:5173" }).corsOrigins,
    ).toEqual(["https://admin.firm.example", "http://localhost:5173"]);
  });

  it.each([
    "https://admin.firm.example/",
    "https://admin.firm.example/path",
    "https://admin.firm.example?x=1",
    "https://user@admin.firm.example",
    "ftp://admin.firm.example",
    "admin.firm.example",
    "null",
  ])("refuses %s in CORS_ORIGINS at start-up, naming the variable", (value) => {
    const message = configError({ CORS_ORIGINS: `https://ok.example,${value}` });
    expect(message).toContain("CORS_ORIGINS");
    expect(message).toContain("no trailing slash");
  });

  it("caps automatic mail per recipient (3 a day) and overall by default, and reads both limits", () => {
    expect(loadConfig({}).mail.limits).toEqual({ perRecipientDaily: 3, automaticDailyCap: 200 });
    expect(
      loadConfig({ MAIL_PER_RECIPIENT_DAILY: "1", MAIL_AUTOMATIC_DAILY_CAP: "50" }).mail.limits,
    ).toEqual({ perRecipientDaily: 1, automaticDailyCap: 50 });
    expect(configError({ MAIL_PER_RECIPIENT_DAILY: "0" })).toContain("MAIL_PER_RECIPIENT_DAILY");
    expect(configError({ MAIL_AUTOMATIC_DAILY_CAP: "lots" })).toContain("MAIL_AUTOMATIC_DAILY_CAP");
  });

  it("keeps the data key in a file under DATA_DIR when DATA_KEY_SECRET is unset", () => {
    expect(loadConfig({}).dataKey).toEqual({
      kind: "file",
      file: join(repoRoot, "var/data/data-key"),
    });
    expect(loadConfig({ DATA_DIR: "/srv/data" }).dataKey).toEqual({
      kind: "file",
      file: "/srv/data/data-key",
    });
    const secret = "s".repeat(32);
    expect(loadConfig({ DATA_KEY_SECRET: secret }).dataKey).toEqual({ kind: "secret", secret });
    expect(configError({ DATA_KEY_SECRET: "short" })).toContain("DATA_KEY_SECRET");
  });

  it("requires DATA_KEY_SECRET with Firestore in production, not against an emulator", () => {
    expect(configError({ STORE: "firestore", FIRESTORE_PROJECT_ID: "p" })).toContain(
      "DATA_KEY_SECRET: required with STORE=firestore",
    );
    expect(
      loadConfig({ STORE: "firestore", FIRESTORE_PROJECT_ID: "p", DATA_KEY_SECRET: "k".repeat(32) })
        .dataKey.kind,
    ).toBe("secret");
    expect(
      loadConfig({ STORE: "firestore", FIRESTORE_EMULATOR_HOST: "127.0.0.1:8180" }).dataKey.kind,
    ).toBe("file");
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

  it("keeps mail bodies 90 days by default (the privacy notice says so) and reads MAIL_BODY_RETENTION_DAYS", () => {
    expect(loadConfig({}).mail.bodyRetentionDays).toBe(90);
    expect(loadConfig({ MAIL_BODY_RETENTION_DAYS: "30" }).mail.bodyRetentionDays).toBe(30);
    expect(configError({ MAIL_BODY_RETENTION_DAYS: "0" })).toContain("MAIL_BODY_RETENTION_DAYS");
  });
});
