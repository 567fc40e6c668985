import { UUID } from "#shared/uuid.ts";

/** Offset paging for short admin lists: the page (clamped to 1…pageCount) and the counts. */
export const pageOf = (page: number, pageSize: number, total: number) => {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, page), pageCount), pageCount, pageSize, total };
};

/**
 * Keyset pagination: a page is "after" (older than) or "before" (newer than) the row a cursor names,
 * so page 4,000 costs what page 1 costs. A cursor is opaque to the browser: base64url of
 * "<timestamp as PostgreSQL text, microseconds kept>|<uuid>".
 */
export interface PageCursor {
  dir: "after" | "before";
  ts: string;
  id: string;
}
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
export const encodeCursor = (ts: string, id: string) => Buffer.from(`${ts}|${id}`).toString("base64url");
export function decodeCursor(dir: "after" | "before", raw: string | null | undefined): PageCursor | undefined {
  if (!raw || raw.length > 200) return undefined;
  const [ts, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  return ts && id && TIMESTAMP.test(ts) && UUID.test(id) ? { dir, ts, id } : undefined;
}

export interface Paged {
  /** The shown page number (carried along in the links; pages are found by cursor). */
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  next: string | null;
  prev: string | null;
}

/**
 * Below this many matches a page is found faster by filtering every figure once and sorting the few
 * matches than by walking the newest-first index until 24 of them turn up (a rare search term would
 * walk the whole index).
 */
export const SPARSE_MATCHES = 3000;

/** Cuts the extra row that tells whether there is another page, restores newest-first order, makes the links. */
export function keysetPage<T extends { id: string; cursorTs: string }>(
  rows: T[],
  query: { cursor?: PageCursor; page?: number },
  total: number,
  pageSize: number,
) {
  const backwards = query.cursor?.dir === "before";
  const more = rows.length > pageSize;
  const pageRows = rows.slice(0, pageSize);
  if (backwards) pageRows.reverse();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = query.cursor ? Math.min(Math.max(1, query.page ?? 1), pageCount) : 1;
  const first = pageRows[0];
  const last = pageRows.at(-1);
  const hasNext = backwards ? !!query.cursor : more;
  const hasPrev = backwards ? more : !!query.cursor;
  const paging: Paged = {
    page: hasPrev ? Math.max(page, 2) : 1,
    pageCount,
    total,
    pageSize,
    next: hasNext && last ? encodeCursor(last.cursorTs, last.id) : null,
    prev: hasPrev && first ? encodeCursor(first.cursorTs, first.id) : null,
  };
  return { items: pageRows, paging };
}
