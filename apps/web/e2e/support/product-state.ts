import { expect } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Reads what the running product stored: the SQLite file under DATA_DIR and the .eml files under
 * MAIL_DIR. better-sqlite3 is a dependency of the API, not of the web, so it is resolved from the
 * API's package; only the few methods used here are typed.
 */
interface Statement {
  all(...params: unknown[]): unknown[];
}
interface SqliteDatabase {
  prepare(sql: string): Statement;
  close(): void;
}
type SqliteConstructor = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean },
) => SqliteDatabase;

const apiPackageJson = resolve(
  fileURLToPath(new URL(".", import.meta.url)),
  "../../../admin-api/package.json",
);

function openDatabase(file: string): SqliteDatabase {
  const requireFromApi = createRequire(apiPackageJson);
  const Database = requireFromApi("better-sqlite3") as SqliteConstructor;
  return new Database(file, { readonly: true, fileMustExist: true });
}

function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, accept));
    else if (entry.isFile() && accept(entry.name)) found.push(path);
  }
  return found;
}

/** The SQLite database file the API created under `dataDir` (its name is the API's business). */
export function databaseFile(dataDir: string): string {
  const candidates = filesUnder(dataDir, (name) => /\.(?:db|sqlite3?)$/i.test(name)).filter(
    (path) => statSync(path).size > 0,
  );
  if (candidates.length !== 1) {
    throw new Error(
      `Expected one SQLite file under ${dataDir}, found: ${candidates.join(", ") || "none"}`,
    );
  }
  return candidates[0] as string;
}

/** Rows of `sql` from the product's database, opened read-only for this one query. */
export function queryDatabase(
  dataDir: string,
  sql: string,
  ...params: unknown[]
): Record<string, unknown>[] {
  const db = openDatabase(databaseFile(dataDir));
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

export interface StoredMail {
  file: string;
  /** Every recipient address, lower-cased. */
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded ("" when absent). */
  html: string;
}

interface ParsedAddress {
  value: { address?: string }[];
}
interface ParsedMail {
  to?: ParsedAddress | ParsedAddress[];
  subject?: string;
  text?: string;
  html?: string | false;
}
type SimpleParser = (source: Buffer) => Promise<ParsedMail>;

/**
 * Every .eml message the mail transport wrote under `mailDir`, parsed with the API's own mail parser
 * (mailparser, a dev dependency of the API) so encoded bodies are read as a mail client would.
 */
export async function readMails(mailDir: string): Promise<StoredMail[]> {
  const { simpleParser } = createRequire(apiPackageJson)("mailparser") as {
    simpleParser: SimpleParser;
  };
  const files = filesUnder(mailDir, (name) => name.endsWith(".eml"));
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(file));
      const toHeaders =
        parsed.to === undefined ? [] : Array.isArray(parsed.to) ? parsed.to : [parsed.to];
      const to = toHeaders.flatMap((header) =>
        header.value.map((entry) => (entry.address ?? "").toLowerCase()),
      );
      return {
        file,
        to,
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: parsed.html || "",
      };
    }),
  );
}

/** The messages addressed to `address` (compared case-insensitively). */
export async function mailsTo(mailDir: string, address: string): Promise<StoredMail[]> {
  const wanted = address.toLowerCase();
  return (await readMails(mailDir)).filter((mail) => mail.to.includes(wanted));
}

/**
 * Waits until a contact's two mails are written, one each, and returns them: the acknowledgement to the
 * submitter and the notification to the firm's inbox naming the contact. The outbox worker is woken by
 * the new contact and writes one .eml per mail.
 */
export async function contactMails(
  run: { mailDir: string; contactInbox: string },
  submitter: string,
  contactId: string,
): Promise<{ acknowledgement: StoredMail; notification: StoredMail }> {
  const notifications = async () =>
    (await mailsTo(run.mailDir, run.contactInbox)).filter((mail) => mail.text.includes(contactId));
  await expect
    .poll(async () => (await mailsTo(run.mailDir, submitter)).length, {
      message: "acknowledgement to the submitter",
      timeout: 10_000,
    })
    .toBe(1);
  await expect
    .poll(async () => (await notifications()).length, {
      message: "notification to CONTACT_INBOX naming the contact",
      timeout: 10_000,
    })
    .toBe(1);
  const [acknowledgement] = await mailsTo(run.mailDir, submitter);
  const [notification] = await notifications();
  if (!acknowledgement || !notification) throw new Error("a contact mail went missing");
  return { acknowledgement, notification };
}
