import type Database from "better-sqlite3";
import { isLocale, type Locale } from "@site/shared/i18n";

/** Column conversions every capability's SQLite adapter shares. */
export const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
/** `%word%` for LIKE ... ESCAPE '\\', its own % _ and \\ escaped (the leads' and the audit log's searches). */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The column holds one of the site's languages (written by this adapter); anything else reads as English. */
export const toLocale = (value: string): Locale => (isLocale(value) ? value : "en");

/** The columns every form's record carries: its language, consent and times (contacts, comments). */
export interface RecordedRow {
  locale: string;
  created_at: number;
  updated_at: number;
  consent_page: string | null;
  consent_notice_version: string | null;
}

/** A form's record's language, consent (given when the record was made) and times, read from its row. */
export function recordedFields(row: RecordedRow): {
  locale: Locale;
  consent: { at: Date; page: string | null; noticeVersion: string | null };
  createdAt: Date;
  updatedAt: Date;
} {
  return {
    locale: toLocale(row.locale),
    consent: {
      at: new Date(row.created_at),
      page: row.consent_page,
      noticeVersion: row.consent_notice_version,
    },
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Statements by their SQL, each prepared once: a list's filters make a handful of shapes (the leads, the
 * audit log, the register).
 */
export function preparedBySql<Row>(db: Database.Database) {
  const prepared = new Map<string, Database.Statement<unknown[], Row>>();
  return (sql: string): Database.Statement<unknown[], Row> => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[], Row>(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
}

/** A list's days as SQL over `created_at` (ms since the epoch): `from` included, `before` not. */
export function createdWithin(
  days: { from?: Date | null | undefined; before?: Date | null | undefined },
  clauses: string[],
  params: (string | number)[],
): void {
  if (days.from) {
    clauses.push("created_at >= ?");
    params.push(days.from.getTime());
  }
  if (days.before) {
    clauses.push("created_at < ?");
    params.push(days.before.getTime());
  }
}
