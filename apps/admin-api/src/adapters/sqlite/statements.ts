import type Database from "better-sqlite3";

/**
 * Statements by their SQL, each prepared once: an office list's filters make a handful of shapes
 * (leads/sqlite.ts, newsletter/sqlite-office.ts), and preparing is most of a small query's cost.
 */
export function statementCache(db: Database.Database): (sql: string) => Database.Statement {
  const prepared = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
}
