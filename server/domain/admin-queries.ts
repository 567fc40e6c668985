import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { primaryRole } from "#shared/roles.ts";
import type { StatusFilter } from "#shared/schemas/admin.ts";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { adminFigureSearch, figureWithCode, instanceNumber } from "../db/figure-search.ts";
import { contains } from "../db/like-pattern.ts";
import { pageOf } from "../db/paging.ts";
import { claimableFigureSql } from "../db/figure-status-sql.ts";
import { booneeStories, boonees, claims, profiles, tags, userRoles } from "../db/schema.ts";
import { assertRole, type Actor } from "./errors.ts";
import { countFigures } from "./figure-counts.ts";


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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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


// ---------------------------------------------------------------- dashboard

/** Totals for the dashboard and the 5 latest claims (admins and moderators). */
export async function getDashboard(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin", "moderator"]);
  const { figures, tags: tagCounts } = await countFigures(db);
  const [users] = await db.select({ total: count() }).from(profiles).where(isNull(profiles.deletedAt));
  const [claimCounts] = await db
    .select({ total: count(), pending: sql<number>`count(*) filter (where ${claims.status} = 'pending')`.mapWith(Number) })
    .from(claims);
  const recent = await db
    .select({
      id: claims.id,
      claimedAt: claims.claimedAt,
      verified: claims.verified,
      status: claims.status,
      booneeId: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      claimer: profiles.name,
    })
    .from(claims)
    .innerJoin(boonees, eq(boonees.id, claims.booneeId))
    .innerJoin(profiles, eq(profiles.id, claims.userId))
    .orderBy(sql`${claims.claimedAt} desc nulls last`, desc(claims.id))
    .limit(5);
  return {
    figures,
    users: users.total,
    tags: tagCounts,
    claims: { total: claimCounts.total, pending: claimCounts.pending },
    recent,
  };
}

// ---------------------------------------------------------------- figures

export const BOONEES_PAGE_SIZE = 24;

export interface BooneeListQuery {
  q?: string;
  status?: StatusFilter;
  cursor?: PageCursor;
  page?: number;
}

function booneeFilter(query: BooneeListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const q = query.q?.trim();
  if (q) {
    parts.push(adminFigureSearch(q));
  }
  const status = query.status ?? "all";
  if (status === "claimed") parts.push(isNotNull(boonees.ownerId));
  else if (status === "available") parts.push(claimableFigureSql());
  else if (status !== "all") parts.push(eq(boonees.status, status));
  return parts.length ? and(...parts) : undefined;
}

/** Figures that are available, i.e. claimable (shared/figure-status.ts). */
const availableCount = sql<number>`count(*) filter (where ${claimableFigureSql()})`.mapWith(Number);

/**
 * Below this many matches a page is found faster by filtering every figure once and sorting the few
 * matches than by walking the newest-first index until 24 of them turn up (a rare search term would
 * walk the whole index).
 */
const SPARSE_MATCHES = 3000;

/**
 * The admin figure list: one page (24, newest first) with owner name and tag code (admins only), the
 * number of matches and the overall totals. Pages are found by cursor on the
 * (created_at DESC NULLS LAST, id) index.
 */
export async function listAdminBoonees(db: DbOrTx, actor: Actor | null, query: BooneeListQuery) {
  assertRole(actor, ["admin"]);
  const where = booneeFilter(query);
  const cursor = query.cursor;
  const backwards = cursor?.dir === "before";
  const q = query.q?.trim();
  if (q) return searchAdminBoonees(db, query, where!);
  // One scan for the totals and the number of matches.
  const [totals] = await db
    .select({
      total: count(),
      claimed: count(boonees.ownerId),
      available: availableCount,
      matches: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
    })
    .from(boonees);
  // Written so that "created_at <= ts" (resp. >=) can bound the index scan.
  const after = cursor && sql`(${boonees.createdAt} <= ${cursor.ts}::timestamptz and (${boonees.createdAt} < ${cursor.ts}::timestamptz or ${boonees.id} > ${cursor.id}::uuid))`;
  const before = cursor && sql`(${boonees.createdAt} >= ${cursor.ts}::timestamptz and (${boonees.createdAt} > ${cursor.ts}::timestamptz or ${boonees.id} < ${cursor.id}::uuid))`;
  // created_at is never null, so "nulls first/last" does not change the result, only whether the
  // index can serve the order: sparse matches are sorted instead (see SPARSE_MATCHES).
  const sparse = !!where && totals.matches < SPARSE_MATCHES;
  const order = backwards
    ? [sql`${boonees.createdAt} asc ${sparse ? sql`nulls last` : sql`nulls first`}`, desc(boonees.id)]
    : [sql`${boonees.createdAt} desc ${sparse ? sql`nulls first` : sql`nulls last`}`, boonees.id];
  const rows = await selectAdminBoonees(db)
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

/** The figure list's columns (owner name and tag code included), plus the cursor's exact timestamp. */
function selectAdminBoonees(db: DbOrTx) {
  return db
    .select({
      id: boonees.id,
      name: boonees.name,
      description: boonees.description,
      rarity: boonees.rarity,
      status: boonees.status,
      series: boonees.series,
      imageUrl: boonees.imageUrl,
      welcomeVideoUrl: boonees.welcomeVideoUrl,
      templateId: boonees.templateId,
      overriddenFields: boonees.overriddenFields,
      origin: boonees.origin,
      passion: boonees.passion,
      superpower: boonees.superpower,
      personality: boonees.personality,
      element: boonees.element,
      birthDate: boonees.birthDate,
      createdAt: boonees.createdAt,
      claimedAt: boonees.claimedAt,
      ownerId: boonees.ownerId,
      ownerName: profiles.name,
      code: tags.secretCode,
      placementNote: boonees.placementNote,
      number: instanceNumber,
      cursorTs: sql<string>`${boonees.createdAt}::text`,
    })
    .from(boonees)
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .leftJoin(tags, eq(tags.booneeId, boonees.id));
}

/**
 * A text search reads every figure once anyway (a substring match has no index here), so that one
 * scan also counts the matches (a window count, taken before the cursor narrows them down) and
 * picks the page's ids; their rows are then read by primary key.
 */
async function searchAdminBoonees(db: DbOrTx, query: BooneeListQuery, where: SQL) {
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
    db.select({ total: count(), claimed: count(boonees.ownerId), available: availableCount }).from(boonees),
  ]);
  let matches = Number(picked[0]?.n ?? 0);
  if (picked.length === 0 && cursor) matches = (await db.select({ n: count() }).from(boonees).where(where))[0].n;
  const byId = new Map((picked.length ? await selectAdminBoonees(db).where(inArray(boonees.id, picked.map((p) => p.id))) : []).map((r) => [r.id, r]));
  const rows = picked.map((p) => byId.get(p.id)).filter((r): r is NonNullable<typeof r> => !!r);
  const { items, paging } = keysetPage(rows, query, matches, BOONEES_PAGE_SIZE);
  return {
    items,
    totals: { total: totals.total, claimed: totals.claimed, available: totals.available },
    ...paging,
  };
}

/** Cuts the extra row that tells whether there is another page, restores newest-first order, makes the links. */
function keysetPage<T extends { id: string; cursorTs: string }>(rows: T[], query: { cursor?: PageCursor; page?: number }, total: number, pageSize: number) {
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

/** Figures, their codes and instance numbers for the printable label sheet (by ids — any figure, for a reprint — or the unclaimed instances of a type). */
export async function listLabels(db: DbOrTx, actor: Actor | null, query: { ids?: string[]; typeId?: string }) {
  assertRole(actor, ["admin"]);
  const where = query.ids?.length
    ? sql`${boonees.id} in (${sql.join(query.ids.map((id) => sql`${id}::uuid`), sql`, `)})`
    : query.typeId
      ? and(or(eq(boonees.id, query.typeId), eq(boonees.templateId, query.typeId)), isNull(boonees.ownerId))
      : sql`false`;
  return db
    .select({ id: boonees.id, name: boonees.name, series: boonees.series, rarity: boonees.rarity, code: tags.secretCode, number: instanceNumber, createdAt: boonees.createdAt })
    .from(boonees)
    .innerJoin(tags, eq(tags.booneeId, boonees.id))
    .where(where)
    .orderBy(boonees.createdAt, boonees.id)
    .limit(200);
}

// ---------------------------------------------------------------- claims and stories

export const CLAIMS_PAGE_SIZE = 25;
/**
 * Up to this many matched people/figures a claims search passes their ids on as a list; beyond it the
 * sub-query is used (measured at 100,000 figures: lists win for narrow terms, sub-queries on the
 * trigram indexes for broad ones).
 */
const ID_LIST_MAX = 500;

/**
 * The claims table, newest first (claims_claimed_at_idx), searchable by figure, series, claimer
 * name and e-mail. E-mail addresses are read for admins only.
 */
export async function listClaims(
  db: DbOrTx,
  actor: Actor | null,
  query: { q?: string; cursor?: PageCursor; page?: number; state?: "all" | "pending" | "verified" | "rejected" },
) {
  assertRole(actor, ["admin", "moderator"]);
  const isAdmin = actor.role === "admin";
  const parts: (SQL | undefined)[] = [];
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
    const match = (col: typeof claims.userId | typeof claims.booneeId, ids: { id: string }[], sub: SQLWrapper) =>
      ids.length > ID_LIST_MAX ? inArray(col, sub) : ids.length ? inArray(col, ids.map((r) => r.id)) : undefined;
    const matchPeople = match(claims.userId, people, peopleQuery);
    const matchFigures = match(claims.booneeId, figures, figuresQuery);
    parts.push(matchPeople || matchFigures ? or(matchPeople, matchFigures) : sql`false`);
  }
  if (query.state && query.state !== "all") parts.push(eq(claims.status, query.state));
  const where = parts.length ? and(...parts) : undefined;
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
      verified: claims.verified,
      status: claims.status,
      reason: claims.reason,
      userId: claims.userId,
      booneeId: boonees.id,
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
    .innerJoin(boonees, eq(boonees.id, claims.booneeId))
    .innerJoin(profiles, eq(profiles.id, claims.userId))
    .leftJoin(tags, eq(tags.booneeId, boonees.id))
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

export const STORIES_PAGE_SIZE = 20;

/** Finder stories for moderation, newest first, hidden ones included. */
export async function listStories(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number }) {
  assertRole(actor, ["admin", "moderator"]);
  const q = query.q?.trim();
  const where = q
    ? or(contains(booneeStories.title, q), contains(booneeStories.story, q), contains(boonees.name, q))
    : undefined;
  const [{ n: total }] = await db.select({ n: count() }).from(booneeStories).innerJoin(boonees, eq(boonees.id, booneeStories.booneeId)).where(where);
  const paging = pageOf(query.page ?? 1, STORIES_PAGE_SIZE, total);
  const items = await db
    .select({
      id: booneeStories.id,
      title: booneeStories.title,
      story: booneeStories.story,
      findLocation: booneeStories.findLocation,
      findDate: booneeStories.findDate,
      hidden: booneeStories.hidden,
      createdAt: booneeStories.createdAt,
      booneeId: boonees.id,
      booneeName: boonees.name,
      author: profiles.name,
    })
    .from(booneeStories)
    .innerJoin(boonees, eq(boonees.id, booneeStories.booneeId))
    .innerJoin(profiles, eq(profiles.id, booneeStories.userId))
    .where(where)
    .orderBy(desc(booneeStories.createdAt), desc(booneeStories.id))
    .limit(STORIES_PAGE_SIZE)
    .offset((paging.page - 1) * STORIES_PAGE_SIZE);
  return { items, ...paging };
}

// ---------------------------------------------------------------- users

export const USERS_PAGE_SIZE = 50;

/** Accounts with their shown role (admin > moderator > user), newest first, searchable by name and e-mail. */
export async function listUsers(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number }) {
  assertRole(actor, ["admin"]);
  const q = query.q?.trim();
  const active = isNull(profiles.deletedAt);
  const where = q ? and(active, or(contains(profiles.name, q), contains(profiles.email, q))) : active;
  const [{ n: usersTotal }] = await db.select({ n: count() }).from(profiles).where(active);
  const [{ n: admins }] = await db
    .select({ n: sql<number>`count(distinct ${userRoles.userId})`.mapWith(Number) })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), active));
  const [{ n: moderators }] = await db
    .select({ n: sql<number>`count(distinct ${userRoles.userId})`.mapWith(Number) })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, "moderator"), active));
  const matches = q ? (await db.select({ n: count() }).from(profiles).where(where))[0].n : usersTotal;
  const paging = pageOf(query.page ?? 1, USERS_PAGE_SIZE, matches);
  // The page first (50 people), then only their roles: no grouping over every account.
  const people = await db
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, createdAt: profiles.createdAt, blockedAt: profiles.blockedAt })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.createdAt), profiles.id)
    .limit(USERS_PAGE_SIZE)
    .offset((paging.page - 1) * USERS_PAGE_SIZE);
  const roleRows = people.length
    ? await db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, people.map((p) => p.id)))
    : [];
  const items = people.map((p) => ({ ...p, role: primaryRole(roleRows.filter((r) => r.userId === p.id).map((r) => r.role)) }));
  return { items, counts: { users: usersTotal, admins, moderators }, ...paging };
}

// ---------------------------------------------------------------- broadcast form

/** What the broadcast form offers: the distinct series, and owned figures (optionally searched). */
export async function getBroadcastOptions(db: DbOrTx, actor: Actor | null, query: { figureQ?: string } = {}) {
  assertRole(actor, ["admin"]);
  const seriesRows = await db
    .selectDistinct({ series: boonees.series })
    .from(boonees)
    .where(isNotNull(boonees.series))
    .orderBy(boonees.series)
    .limit(500);
  const q = query.figureQ?.trim();
  const figures = await db
    .select({ id: boonees.id, name: boonees.name, series: boonees.series, rarity: boonees.rarity, ownerName: profiles.name })
    .from(boonees)
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(and(isNotNull(boonees.ownerId), q ? or(contains(boonees.name, q), contains(boonees.series, q), contains(profiles.name, q)) : undefined))
    .orderBy(desc(boonees.claimedAt), boonees.id)
    .limit(50);
  return { series: seriesRows.map((r) => r.series).filter((s): s is string => !!s), figures };
}
