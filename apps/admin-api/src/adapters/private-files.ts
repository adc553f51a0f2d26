import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

/**
 * Files that hold people's data (the SQLite database and its WAL, the `.eml` mails with their working
 * unsubscribe and moderation links, backups, the data key) are readable by the service's own user
 * alone, whatever the process's umask: folders 0700, files 0600.
 */
export const privateDirectoryMode = 0o700;
export const privateFileMode = 0o600;

/**
 * The folder, created if missing (parents too, each 0700), and made 0700 if it existed: it is the
 * service's own (var/data, var/mail).
 */
export function ensurePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: privateDirectoryMode });
  chmodSync(dir, privateDirectoryMode);
}

/**
 * The file, created empty if missing, made 0600 either way (a file an older version created 0644 is
 * closed to others on the next start). SQLite gives a database's -wal and -shm files the database
 * file's own mode, so a database opened after this keeps all three private.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", privateFileMode));
  chmodSync(file, privateFileMode);
}

/** Mode 0600 for each of these files that exists (a database's -wal and -shm left by an older run). */
export function makeExistingFilesPrivate(files: readonly string[]): void {
  for (const file of files) if (existsSync(file)) chmodSync(file, privateFileMode);
}
