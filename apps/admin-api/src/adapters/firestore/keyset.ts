import { Timestamp, type Query, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import type { KeysetCursor } from "../../common/keyset-cursor.js";

/**
 * The office's lists on Firestore, newest first by keyset on (createdAt, id): what the query cannot say
 * (a text search, a field older documents lack) is checked while reading pages of the query that says
 * the rest, so a page reads at most the documents the other filters select.
 */

const isAfter = (record: KeysetCursor, cursor: KeysetCursor) =>
  record.createdAt.getTime() < cursor.createdAt.getTime() ||
  (record.createdAt.getTime() === cursor.createdAt.getTime() && record.id < cursor.id);

const byNewest = (a: KeysetCursor, b: KeysetCursor) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The records of `query` (ordered by createdAt, newest first) after `after`, read `batch` at a time,
 * `keep` applied to each page read. Ties on createdAt (the same instant) are ordered by id, newest-first
 * order's implicit tie-break.
 */
export async function* scanNewestFirst<T extends KeysetCursor>(
  query: Query,
  toRecord: (snapshot: QueryDocumentSnapshot) => T,
  keep: ((record: T) => boolean) | null,
  after: KeysetCursor | null,
  batch: number,
): AsyncGenerator<T[]> {
  let cursor = after;
  for (;;) {
    const from = cursor;
    const pageQuery = from
      ? query.where("createdAt", "<=", Timestamp.fromDate(from.createdAt))
      : query;
    const snapshot = await pageQuery.limit(batch + 1).get();
    const read = snapshot.docs.map(toRecord);
    const fresh = from === null ? read : read.filter((record) => isAfter(record, from));
    const page = fresh.slice(0, batch);
    yield keep ? page.filter(keep) : page;
    const last = page.at(-1);
    if (snapshot.size <= batch || !last) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/** The first `limit` records of `pages` in order, and the last one's position when more follow. */
export async function keysetPage<T extends KeysetCursor>(
  pages: AsyncIterable<T[]>,
  limit: number,
): Promise<{ items: T[]; next: KeysetCursor | null }> {
  const items: T[] = [];
  for await (const page of pages) {
    items.push(...page);
    if (items.length > limit) break;
  }
  items.sort(byNewest);
  const shown = items.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown,
    next: items.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
