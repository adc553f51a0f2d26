import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { firm } from "@site/shared/content";
import { z } from "zod";

/**
 * The repo root, found from this file's location (src/ or dist/ in apps/admin-api), never from the
 * working directory: `npm start` at the root and `node dist/main.js` in the package agree.
 */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const firmDomain = firm.email.split("@")[1] ?? "localhost";

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const emailAddress = z
  .string()
  .regex(/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/, { error: "must be an email address" });

/** Express's "trust proxy": false, true, a hop count, or an address/subnet list. */
const trustProxy = z.string().transform((value): boolean | number | string => {
  const lower = value.trim().toLowerCase();
  if (lower === "true") return true;
  if (lower === "false" || lower === "") return false;
  if (/^\d+$/.test(lower)) return Number(lower);
  return value.trim();
});

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STORE: z.enum(["sqlite", "firestore"]).default("sqlite"),
  DATA_DIR: z.string().default(resolve(repoRoot, "var/data")),
  MAIL_DIR: z.string().default(resolve(repoRoot, "var/mail")),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default(`"${firm.name}" <no-reply@${firmDomain}>`),
  CONTACT_INBOX: emailAddress.default(firm.email),
  ADMIN_API_TOKEN: z
    .string()
    .min(24, { error: "must be at least 24 characters when set" })
    .optional(),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          protocol: /^https?$/,
          error: "must be a comma-separated list of origins such as https://example.com",
        }),
      ),
    ),
  SITE_DIR: z.string().default(resolve(repoRoot, "apps/web/build/client")),
  SITE_URL: z.url().default(firm.siteUrl),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000),
  RATE_LIMIT_MAX: positiveInt.default(20),
  MAIL_MAX_ATTEMPTS: positiveInt.default(8),
  MAIL_RETRY_BASE_MS: positiveInt.default(30_000),
  MAIL_POLL_INTERVAL_MS: positiveInt.default(5_000),
  FIRESTORE_PROJECT_ID: z.string().min(1).optional(),
  GOOGLE_CLOUD_PROJECT: z.string().min(1).optional(),
  GCLOUD_PROJECT: z.string().min(1).optional(),
  FIRESTORE_EMULATOR_HOST: z.string().min(1).optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
});

type Env = z.output<typeof schema>;

/** Every variable the API reads (documented one by one in the repo's .env.example). */
export const configVariables = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

export interface Config {
  port: number;
  host: string;
  logLevel: Env["LOG_LEVEL"];
  store:
    | { kind: "sqlite"; file: string }
    | {
        kind: "firestore";
        projectId: string | undefined;
        emulatorHost: string | undefined;
        credentialsFile: string | undefined;
      };
  mail: {
    transport: { kind: "eml"; dir: string } | { kind: "smtp"; url: string };
    from: string;
    contactInbox: string;
    maxAttempts: number;
    retryBaseMs: number;
    pollIntervalMs: number;
  };
  adminApiToken: string | undefined;
  corsOrigins: readonly string[];
  siteDir: string;
  siteUrl: string;
  trustProxy: boolean | number | string;
  rateLimit: { windowMs: number; max: number };
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Parses the environment once. Every bad variable is named in one error, so a deployment is fixed in
 * one go. Blank values count as unset (a `.env` line `SMTP_URL=` means "no SMTP").
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<Config> {
  const input = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, emptyToUndefined(env[key])]),
  );
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? "environment");
      return `  ${variable}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    store:
      e.STORE === "sqlite"
        ? { kind: "sqlite", file: resolve(e.DATA_DIR, "site.db") }
        : {
            kind: "firestore",
            projectId: e.FIRESTORE_PROJECT_ID ?? e.GOOGLE_CLOUD_PROJECT ?? e.GCLOUD_PROJECT,
            emulatorHost: e.FIRESTORE_EMULATOR_HOST,
            credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS,
          },
    mail: {
      transport: e.SMTP_URL
        ? { kind: "smtp", url: e.SMTP_URL }
        : { kind: "eml", dir: resolve(e.MAIL_DIR) },
      from: e.MAIL_FROM,
      contactInbox: e.CONTACT_INBOX,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
    },
    adminApiToken: e.ADMIN_API_TOKEN,
    corsOrigins: e.CORS_ORIGINS,
    siteDir: resolve(e.SITE_DIR),
    siteUrl: e.SITE_URL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MS, max: e.RATE_LIMIT_MAX },
  };
  return deepFreeze(config);
}
