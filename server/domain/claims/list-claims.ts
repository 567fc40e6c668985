import { and, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { figureWithCode, instanceNumber } from "../../db/figure-search.ts";
import { contains } from "../../db/like-pattern.ts";
import { keysetPage, SPARSE_MATCHES, type PageCursor } from "../../db/paging.ts";
import { boonees, cities, claims, profiles, tags } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

export const CLAIMS_PAGE_SIZE = 25;
/**
 * Up to this many matched people/figures a claims search passes their ids on as a list; beyond it the
 * sub-query is used (measured at 100,000 figures: lists win for narrow terms, sub-queries on the
 * trigram indexes for broad ones).
 */
const ID_LIST_MAX = 500;

export type ClaimState = "all" | "pending" | "verified" | "rejected";

/**
 * The list's search and state filter (the CSV export reads the same rows): figure, series, claimer
 * name, and for admins e-mail and code.
 */
export async function claimsFilter(db: DbOrTx, actor: Actor, query: { q?: string; state?: ClaimState }) {
  const isAdmin = actor.role === "admin";
  const parts: (SQL | undefined)[] = [];
  // Only claims on figures of the actor's cities (decision 058).
  const inCities = inStaffCities(actor, boonees.cityId);
  if (inCities) parts.push(inArray(claims.figureId, db.select({ id: boonees.id }).from(boonees).where(inCities)));
  const q = query.q?.trim();
  if (q) {
    // The matching people and claimed figures are looked up once (one scan each); the claims are
    // then counted and paged by id without joining or scanning the figures again.
    const peopleQuery = db
      .select({ id: profiles.id })
      .from(profiles)
      .where(or(contains(profiles.name, q), isAdmin ? contains(profiles.email, q) : undefined));
    // Every figure, not only claimed ones: a rejected claim's figure may have no owner now.
    const figuresQuery = db
      .select({ id: boonees.id })
      .from(boonees)
      .where(or(contains(boonees.name, q), contains(boonees.series, q), isAdmin ? figureWithCode(q) : undefined));
    const [people, figures] = [await peopleQuery.limit(ID_LIST_MAX + 1), await figuresQuery.limit(ID_LIST_MAX + 1)];
    // A broad term falls back to the sub-query form.
    const match = (col: typeof claims.userId | typeof claims.figureId, ids: { id: string }[], sub: SQLWrapper) =>
      ids.length > ID_LIST_MAX
        ? inArray(col, sub)
        : ids.length
          ? inArray(
              col,
              ids.map((r) => r.id),
            )
          : undefined;
    const matchPeople = match(claims.userId, people, peopleQuery);
    const matchFigures = match(claims.figureId, figures, figuresQuery);
    parts.push(matchPeople || matchFigures ? or(matchPeople, matchFigures) : sql`false`);
  }
  if (query.state && query.state !== "all") parts.push(eq(claims.status, query.state));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The claims table, newest first (claims_claimed_at_idx), searchable by figure, series, claimer
 * name and e-mail. E-mail addresses are read for admins only.
 */
export async function listClaims(
  db: DbOrTx,
  actor: Actor | null,
  query: { q?: string; cursor?: PageCursor; page?: number; state?: ClaimState },
) {
  assertRole(actor, ["admin", "moderator"]);
  const isAdmin = actor.role === "admin";
  const where = await claimsFilter(db, actor, query);
  const [{ n: total }] = await db.select({ n: count() }).from(claims).where(where);
  const cursor = query.cursor;
  const backwards = cursor?.dir === "before";
  const keyset =
    cursor &&
    (backwards
      ? sql`(${claims.claimedAt} >= ${cursor.ts}::timestamptz and (${claims.claimedAt} > ${cursor.ts}::timestamptz or ${claims.id} > ${cursor.id}::uuid))`
      : sql`(${claims.claimedAt} <= ${cursor.ts}::timestamptz and (${claims.claimedAt} < ${cursor.ts}::timestamptz or ${claims.id} < ${cursor.id}::uuid))`);
  const sparse = !!where && total < SPARSE_MATCHES;
  const order = backwards
    ? [sql`${claims.claimedAt} asc ${sparse ? sql`nulls last` : sql`nulls first`}`, claims.id]
    : [sql`${claims.claimedAt} desc ${sparse ? sql`nulls first` : sql`nulls last`}`, desc(claims.id)];
  const rows = await db
    .select({
      id: claims.id,
      claimedAt: claims.claimedAt,
      /** the figure's city's zone: a claim is dated on that city's calendar (decision 053) */
      timeZone: cities.timeZone,
      verified: claims.verified,
      status: claims.status,
      reason: claims.reason,
      reasonLang: claims.reasonLang,
      userId: claims.userId,
      figureId: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      claimer: profiles.name,
      email: profiles.email,
      deleted: profiles.deletedAt,
      number: instanceNumber,
      code: tags.secretCode,
      cursorTs: sql<string>`${claims.claimedAt}::text`,
    })
    .from(claims)
    .innerJoin(boonees, eq(boonees.id, claims.figureId))
    .innerJoin(cities, eq(cities.id, boonees.cityId))
    .innerJoin(profiles, eq(profiles.id, claims.userId))
    .leftJoin(tags, eq(tags.figureId, boonees.id))
    .where(and(where, keyset))
    .orderBy(...order)
    .limit(CLAIMS_PAGE_SIZE + 1);
  const { items, paging } = keysetPage(rows, query, total, CLAIMS_PAGE_SIZE);
  return {
    // A rejected claim's figure carries a new code: the code is shown (to admins) on standing claims only.
    items: items.map(({ email, deleted, code, ...r }) => ({
      ...r,
      claimer: deleted ? null : r.claimer,
      email: isAdmin && !deleted ? email : null,
      code: isAdmin && r.status !== "rejected" ? code : null,
    })),
    ...paging,
  };
}
