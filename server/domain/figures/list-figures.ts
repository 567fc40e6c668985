import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";

import type { StatusFilter } from "#shared/schemas/admin.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { figureColumns, secretFigureColumns } from "../../db/figure-columns.ts";
import { adminFigureSearch, instanceNumber } from "../../db/figure-search.ts";
import { claimableFigureSql } from "../../db/figure-status-sql.ts";
import { keysetPage, SPARSE_MATCHES, type PageCursor } from "../../db/paging.ts";
import { boonees, cities, profiles, tags } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

/** Big enough for a batch of instances and its type on one page. */
export const BOONEES_PAGE_SIZE = 48;

export interface FigureListQuery {
  q?: string;
  status?: StatusFilter;
  cursor?: PageCursor;
  page?: number;
}

/** The list's search and status filter within the actor's cities (the CSV export reads the same rows). */
export function figureFilter(query: Pick<FigureListQuery, "q" | "status">, actor: Actor): SQL | undefined {
  const parts: (SQL | undefined)[] = [inStaffCities(actor, boonees.cityId)];
  const q = query.q?.trim();
  if (q) {
    parts.push(adminFigureSearch(q));
  }
  const status = query.status ?? "all";
  if (status === "claimed") parts.push(isNotNull(boonees.ownerId));
  else if (status === "available") parts.push(claimableFigureSql());
  else if (status !== "all") parts.push(eq(boonees.status, status));
  return parts.some(Boolean) ? and(...parts) : undefined;
}

/** Figures that are available, i.e. claimable (shared/figure-status.ts). */
const availableCount = sql<number>`count(*) filter (where ${claimableFigureSql()})`.mapWith(Number);

/**
 * The admin figure list: one page (48, newest first) with owner name and tag code (admins only), the
 * number of matches and the overall totals. Pages are found by cursor on the
 * (created_at DESC NULLS LAST, id) index.
 */
export async function listAdminFigures(db: DbOrTx, actor: Actor | null, query: FigureListQuery) {
  assertRole(actor, ["admin"]);
  const where = figureFilter(query, actor);
  const scope = inStaffCities(actor, boonees.cityId);
  const cursor = query.cursor;
  const backwards = cursor?.dir === "before";
  const q = query.q?.trim();
  if (q) return searchAdminFigures(db, query, where!, scope);
  // One scan for the totals and the number of matches.
  const [totals] = await db
    .select({
      total: count(),
      claimed: count(boonees.ownerId),
      available: availableCount,
      matches: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
    })
    .from(boonees)
    .where(scope);
  // Written so that "created_at <= ts" (resp. >=) can bound the index scan.
  const after =
    cursor &&
    sql`(${boonees.createdAt} <= ${cursor.ts}::timestamptz and (${boonees.createdAt} < ${cursor.ts}::timestamptz or ${boonees.id} > ${cursor.id}::uuid))`;
  const before =
    cursor &&
    sql`(${boonees.createdAt} >= ${cursor.ts}::timestamptz and (${boonees.createdAt} > ${cursor.ts}::timestamptz or ${boonees.id} < ${cursor.id}::uuid))`;
  // created_at is never null, so "nulls first/last" does not change the result, only whether the
  // index can serve the order: sparse matches are sorted instead (see SPARSE_MATCHES).
  const sparse = !!where && totals.matches < SPARSE_MATCHES;
  const order = backwards
    ? [sql`${boonees.createdAt} asc ${sparse ? sql`nulls last` : sql`nulls first`}`, desc(boonees.id)]
    : [sql`${boonees.createdAt} desc ${sparse ? sql`nulls first` : sql`nulls last`}`, boonees.id];
  const rows = await selectAdminFigures(db)
    .where(and(where, backwards ? before : after))
    .orderBy(...order)
    .limit(BOONEES_PAGE_SIZE + 1);
  const { items, paging } = keysetPage(rows, query, totals.matches, BOONEES_PAGE_SIZE);
  return {
    items,
    totals: { total: totals.total, claimed: totals.claimed, available: totals.available },
    ...paging,
  };
}

export interface WaitingDrop {
  id: string;
  title: string;
  titleEn: string;
  releaseAt: string;
}

/** The figure list's columns (owner name and tag code included), plus the cursor's exact timestamp. */
function selectAdminFigures(db: DbOrTx) {
  return db
    .select({
      ...figureColumns,
      ...secretFigureColumns,
      typeId: boonees.typeId,
      overriddenFields: boonees.overriddenFields,
      createdAt: boonees.createdAt,
      claimedAt: boonees.claimedAt,
      cityId: boonees.cityId,
      /** its city's zone: its dates are on that city's calendar (decision 053) */
      timeZone: cities.timeZone,
      ownerId: boonees.ownerId,
      ownerName: profiles.name,
      code: tags.secretCode,
      placementNote: boonees.placementNote,
      number: instanceNumber,
      /** The drop this figure waits in (not claimable until its release), or null. */
      waitingDrop: sql<WaitingDrop | null>`(select json_build_object('id', d.id, 'title', d.title_de, 'titleEn', d.title_en, 'releaseAt', d.release_at)
        from drop_figures df join drops d on d.id = df.drop_id
        where df.boonee_id = ${boonees.id} and d.released_at is null and d.cancelled_at is null)`,
      cursorTs: sql<string>`${boonees.createdAt}::text`,
    })
    .from(boonees)
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .leftJoin(tags, eq(tags.figureId, boonees.id))
    .innerJoin(cities, eq(cities.id, boonees.cityId));
}

/**
 * A text search reads every figure once anyway (a substring match has no index here), so that one
 * scan also counts the matches (a window count, taken before the cursor narrows them down) and
 * picks the page's ids; their rows are then read by primary key.
 */
async function searchAdminFigures(db: DbOrTx, query: FigureListQuery, where: SQL, scope: SQL | undefined) {
  const cursor = query.cursor;
  const backwards = cursor?.dir === "before";
  const keyset = !cursor
    ? sql`true`
    : backwards
      ? sql`(m.created_at >= ${cursor.ts}::timestamptz and (m.created_at > ${cursor.ts}::timestamptz or m.id < ${cursor.id}::uuid))`
      : sql`(m.created_at <= ${cursor.ts}::timestamptz and (m.created_at < ${cursor.ts}::timestamptz or m.id > ${cursor.id}::uuid))`;
  const [picked, [totals]] = await Promise.all([
    queryRows<{ id: string; n: number | string }>(
      db,
      sql`select m.id, m.n from (
            select ${boonees.id} as id, ${boonees.createdAt} as created_at, count(*) over () as n from ${boonees} where ${where}
          ) m
          where ${keyset}
          order by m.created_at ${backwards ? sql`asc` : sql`desc`}, m.id ${backwards ? sql`desc` : sql`asc`}
          limit ${BOONEES_PAGE_SIZE + 1}`,
    ),
    db
      .select({ total: count(), claimed: count(boonees.ownerId), available: availableCount })
      .from(boonees)
      .where(scope),
  ]);
  let matches = Number(picked[0]?.n ?? 0);
  if (picked.length === 0 && cursor) matches = (await db.select({ n: count() }).from(boonees).where(where))[0].n;
  const byId = new Map(
    (picked.length
      ? await selectAdminFigures(db).where(
          inArray(
            boonees.id,
            picked.map((p) => p.id),
          ),
        )
      : []
    ).map((r) => [r.id, r]),
  );
  const rows = picked.map((p) => byId.get(p.id)).filter((r): r is NonNullable<typeof r> => !!r);
  const { items, paging } = keysetPage(rows, query, matches, BOONEES_PAGE_SIZE);
  return {
    items,
    totals: { total: totals.total, claimed: totals.claimed, available: totals.available },
    ...paging,
  };
}
