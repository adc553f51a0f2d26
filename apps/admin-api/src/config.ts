import { dirname, resolve } from "node:path";
import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import { firm } from "@site/shared/content";
import { z } from "zod";
import { defaultCommentLimits, type CommentLimits } from "./comments/service.js";
import { defaultMailLimits } from "./mail/limits.js";

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
  .regex(/^[^\s@<>",;]+@[^\s",;<>@][^\s",.;<>@]*\.[^\s",;<>@]+$/, { error: "must be an email address" });

/**
 * Express's "trust proxy": false, a hop count, or an address/subnet list (Express's names `loopback`,
 * `linklocal`, `uniquelocal` included). Never `true`: that trusts whatever X-Forwarded-For a client sends,
 * so anyone could pick the address the rate limit counts.
 */
const proxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string): boolean => {
  if (proxyNames.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
const trustProxy = z.string().transform((value, ctx): false | number | string => {
  const trimmed = value.trim();
  const lower = trimmed.toLowerCase();
  if (lower === "false" || lower === "") return false;
  if (/^\d+$/.test(lower)) return Number(lower);
  if (lower === "true") {
    ctx.issues.push({
      code: "custom",
      input: value,
      message:
        "true would trust any X-Forwarded-For a client sends; give the hop count (1 behind one proxy) or the proxies' addresses/subnets",
    });
    return z.NEVER;
  }
  const entries = lower.split(",").map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    ctx.issues.push({
      code: "custom",
      input: value,
      message:
        "must be false, a hop count, or a comma-separated list of addresses/subnets (e.g. 10.0.0.0/8, loopback)",
    });
    return z.NEVER;
  }
  return entries.join(", ");
});

/**
 * One browser origin: scheme (http or https), host and port, nothing else. A path or a trailing slash
 * would never equal a browser's Origin header, so the entry would silently match nothing.
 */
const isOrigin = (value: string): boolean => {
  if (/[/?#]$/.test(value) || /[?#@]/.test(value)) return false;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname === "/" && url.origin !== "null";
  } catch {
    return false;
  }
};
const originList = z
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
      z
        .string()
        .refine(isOrigin, {
          error:
            "must be a comma-separated list of origins such as https://admin.example.com (scheme, host and port only: no path, no trailing slash)",
        })
        .transform((origin) => new URL(origin).origin),
    ),
  );

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
  CORS_ORIGINS: originList,
  SITE_DIR: z.string().default(resolve(repoRoot, "apps/web/build/client")),
  SITE_URL: z.url().default(firm.siteUrl),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000),
  RATE_LIMIT_MAX: positiveInt.default(20),
  COMMENT_RATE_LIMIT_PER_ADDRESS: positiveInt.default(5),
  COMMENT_RATE_LIMIT_PER_POST: positiveInt.default(defaultCommentLimits.perPostHourly),
  COMMENT_MIN_FILL_MS: z.coerce.number().int().min(0).default(defaultCommentLimits.minFillMs),
  COMMENT_THREAD_CACHE_MS: z.coerce.number().int().min(0).default(defaultCommentLimits.threadCacheMs),
  MAIL_MAX_ATTEMPTS: positiveInt.default(8),
  MAIL_RETRY_BASE_MS: positiveInt.default(30_000),
  MAIL_POLL_INTERVAL_MS: positiveInt.default(5_000),
  // At least a second: the worker renews its leases every third of it.
  MAIL_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1_000, { error: "must be at least 1000 (milliseconds)" })
    .default(30_000),
  MAIL_PER_RECIPIENT_DAILY: positiveInt.default(defaultMailLimits.perRecipientDaily),
  MAIL_AUTOMATIC_DAILY_CAP: positiveInt.default(defaultMailLimits.automaticDailyCap),
  // The privacy notice states 90 days: change both together.
  MAIL_BODY_RETENTION_DAYS: positiveInt.default(90),
  DATA_KEY_SECRET: z
    .string()
    .min(32, { error: "must be at least 32 characters (openssl rand -base64 32)" })
    .optional(),
  FIRESTORE_PROJECT_ID: z.string().min(1).optional(),
  GOOGLE_CLOUD_PROJECT: z.string().min(1).optional(),
  GCLOUD_PROJECT: z.string().min(1).optional(),
  FIRESTORE_EMULATOR_HOST: z.string().min(1).optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
  OFFICE_DIR: z.string().default(resolve(repoRoot, "apps/office/dist")),
  OFFICE_OWNER_EMAIL: emailAddress.optional(),
  OFFICE_SIGN_IN: z.enum(["link", "firebase"]).default("link"),
  OFFICE_SESSION_IDLE_MS: z.coerce
    .number()
    .int()
    .min(60_000, { error: "must be at least 60000 (milliseconds)" })
    .default(8 * 60 * 60 * 1000),
  OFFICE_SESSION_MAX_MS: z.coerce
    .number()
    .int()
    .min(60_000, { error: "must be at least 60000 (milliseconds)" })
    .max(14 * 24 * 60 * 60 * 1000, {
      error: "must be at most 14 days (Firebase session cookies' limit)",
    })
    .default(7 * 24 * 60 * 60 * 1000),
  OFFICE_LINK_REQUESTS_PER_ADDRESS: positiveInt.default(5),
  OFFICE_AUDIT_RETENTION_DAYS: positiveInt.default(400),
  OFFICE_FIREBASE_API_KEY: z.string().min(1).optional(),
  OFFICE_FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
});

/**
 * With STORE=firestore, DATA_KEY_SECRET keys the documents named after an email address; it must be the same
 * on every instance and survive redeploys, so production sets it. Against an emulator (local work) it may
 * be left to the generated file, as with SQLite.
 */
function dataKeyProblems(env: z.output<typeof schema>): string[] {
  return env.STORE === "firestore" &&
    env.DATA_KEY_SECRET === undefined &&
    env.FIRESTORE_EMULATOR_HOST === undefined
    ? [
        "  DATA_KEY_SECRET: required with STORE=firestore (the key of document ids derived from email addresses; the same on every instance)",
      ]
    : [];
}

/**
 * The office's Firebase sign-in needs its web API key and auth domain (what the office's SDK is given)
 * and a project; the Authentication emulator is for tests and local work only: a production process
 * that would accept the emulator's unsigned tokens refuses to start.
 */
function officeProblems(env: z.output<typeof schema>): string[] {
  const problems: string[] = [];
  if (env.FIREBASE_AUTH_EMULATOR_HOST !== undefined && env.NODE_ENV === "production")
    problems.push(
      "  FIREBASE_AUTH_EMULATOR_HOST: must not be set with NODE_ENV=production (the emulator accepts tokens nobody signed)",
    );
  if (env.OFFICE_SIGN_IN === "firebase") {
    if (env.OFFICE_FIREBASE_API_KEY === undefined)
      problems.push("  OFFICE_FIREBASE_API_KEY: required with OFFICE_SIGN_IN=firebase");
    if (env.OFFICE_FIREBASE_AUTH_DOMAIN === undefined)
      problems.push("  OFFICE_FIREBASE_AUTH_DOMAIN: required with OFFICE_SIGN_IN=firebase");
    if ((env.FIRESTORE_PROJECT_ID ?? env.GOOGLE_CLOUD_PROJECT ?? env.GCLOUD_PROJECT) === undefined)
      problems.push(
        "  FIRESTORE_PROJECT_ID: required with OFFICE_SIGN_IN=firebase (the project whose users sign in)",
      );
  }
  if (env.OFFICE_SESSION_IDLE_MS > env.OFFICE_SESSION_MAX_MS)
    problems.push("  OFFICE_SESSION_IDLE_MS: must not exceed OFFICE_SESSION_MAX_MS");
  return problems;
}

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
    /** How long a claimed mail is held without a heartbeat; a crashed process's mail is retried after it. */
    leaseMs: number;
    /** Caps on automatic mail to visitors (acknowledgements, welcomes); the firm's own mail is never capped. */
    limits: { perRecipientDaily: number; automaticDailyCap: number };
    /** Days after which a finished mail's text and HTML are emptied (workers/retention.ts). */
    bodyRetentionDays: number;
  };
  /**
   * The secret of the keyed hashes (HMAC) that name records after an email address. `file`: none was
   * configured; main.ts reads it from that file, creating it on first start.
   */
  dataKey: { kind: "secret"; secret: string } | { kind: "file"; file: string };
  adminApiToken: string | undefined;
  corsOrigins: readonly string[];
  siteDir: string;
  siteUrl: string;
  trustProxy: false | number | string;
  rateLimit: { windowMs: number; max: number };
  /** Blog comments: the per-address limit (per rate-limit window) and the domain's limits. */
  comments: { perAddress: number } & CommentLimits;
  /** The firm's office (/admin): its app's build, its first owner, sessions and how staff sign in. */
  office: {
    dir: string;
    ownerEmail: string | undefined;
    session: { idleMs: number; absoluteMs: number };
    linkRequestsPerAddress: number;
    /** Days the audit log and the answered data requests are kept (workers/retention.ts). */
    auditRetentionDays: number;
    signIn:
      | { mode: "link" }
      | {
          mode: "firebase";
          apiKey: string;
          authDomain: string;
          projectId: string;
          /** host:port of the Authentication emulator (tests, local work). */
          emulatorHost: string | undefined;
        };
  };
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
  const problems = [...dataKeyProblems(e), ...officeProblems(e)];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
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
      leaseMs: e.MAIL_LEASE_MS,
      limits: {
        perRecipientDaily: e.MAIL_PER_RECIPIENT_DAILY,
        automaticDailyCap: e.MAIL_AUTOMATIC_DAILY_CAP,
      },
      bodyRetentionDays: e.MAIL_BODY_RETENTION_DAYS,
    },
    dataKey: e.DATA_KEY_SECRET
      ? { kind: "secret", secret: e.DATA_KEY_SECRET }
      : { kind: "file", file: resolve(e.DATA_DIR, "data-key") },
    adminApiToken: e.ADMIN_API_TOKEN,
    corsOrigins: e.CORS_ORIGINS,
    siteDir: resolve(e.SITE_DIR),
    siteUrl: e.SITE_URL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { windowMs: e.RATE_LIMIT_WINDOW_MS, max: e.RATE_LIMIT_MAX },
    comments: {
      perAddress: e.COMMENT_RATE_LIMIT_PER_ADDRESS,
      perPostHourly: e.COMMENT_RATE_LIMIT_PER_POST,
      minFillMs: e.COMMENT_MIN_FILL_MS,
      threadCacheMs: e.COMMENT_THREAD_CACHE_MS,
    },
    office: {
      dir: resolve(e.OFFICE_DIR),
      ownerEmail: e.OFFICE_OWNER_EMAIL,
      session: { idleMs: e.OFFICE_SESSION_IDLE_MS, absoluteMs: e.OFFICE_SESSION_MAX_MS },
      linkRequestsPerAddress: e.OFFICE_LINK_REQUESTS_PER_ADDRESS,
      auditRetentionDays: e.OFFICE_AUDIT_RETENTION_DAYS,
      signIn:
        e.OFFICE_SIGN_IN === "firebase"
          ? {
              mode: "firebase",
              apiKey: e.OFFICE_FIREBASE_API_KEY ?? "",
              authDomain: e.OFFICE_FIREBASE_AUTH_DOMAIN ?? "",
              projectId: e.FIRESTORE_PROJECT_ID ?? e.GOOGLE_CLOUD_PROJECT ?? e.GCLOUD_PROJECT ?? "",
              emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
            }
          : { mode: "link" },
    },
  };
  return deepFreeze(config);
}
