import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { primaryRole } from "../../app/lib/roles.ts";
import type { StatusFilter } from "../../app/lib/schemas/admin.ts";
import type { DbOrTx } from "../db/client.ts";
import { booneeStories, boonees, claims, profiles, tags, userRoles } from "../db/schema.ts";
import { assertRole, type Actor } from "./errors.ts";

/** A LIKE pattern that matches `q` anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const pageOf = (page: number, pageSize: number, total: number) => {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, page), pageCount), pageCount, pageSize, total };
};

// ---------------------------------------------------------------- dashboard

/** Totals for the dashboard and the 5 latest claims (admins and moderators). */
export async function getDashboard(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin", "moderator"]);
  const [figures] = await db.select({ total: count(), claimed: count(boonees.ownerId) }).from(boonees);
  const [users] = await db.select({ total: count() }).from(profiles).where(isNull(profiles.deletedAt));
  const [tagCounts] = await db
    .select({ total: count(), claimed: sql<number>`count(*) filter (where ${tags.isClaimed})`.mapWith(Number) })
    .from(tags);
  const [claimCounts] = await db
    .select({ total: count(), pending: sql<number>`count(*) filter (where not ${claims.verified})`.mapWith(Number) })
    .from(claims);
  const recent = await db
    .select({
      id: claims.id,
      claimedAt: claims.claimedAt,
      verified: claims.verified,
      booneeId: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      claimer: profiles.name,
    })
    .from(claims)
    .innerJoin(boonees, eq(boonees.id, claims.booneeId))
    .innerJoin(profiles, eq(profiles.id, claims.userId))
    .orderBy(desc(claims.claimedAt), desc(claims.id))
    .limit(5);
  return {
    figures: { total: figures.total, claimed: figures.claimed, available: figures.total - figures.claimed },
    users: users.total,
    tags: { total: tagCounts.total, claimed: tagCounts.claimed, available: tagCounts.total - tagCounts.claimed },
    claims: { total: claimCounts.total, pending: claimCounts.pending },
    recent,
  };
}

// ---------------------------------------------------------------- figures

export const BOONEES_PAGE_SIZE = 24;

export interface BooneeListQuery {
  q?: string;
  status?: StatusFilter;
  page?: number;
}

function booneeFilter(query: BooneeListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    parts.push(or(ilike(boonees.name, pattern), ilike(boonees.series, pattern)));
  }
  const status = query.status ?? "all";
  if (status === "claimed") parts.push(isNotNull(boonees.ownerId));
  else if (status === "available") parts.push(isNull(boonees.ownerId));
  else if (status !== "all") parts.push(eq(boonees.status, status));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The admin figure list: one page (24, newest first, ordered on the boonees_created_idx index) with
 * owner name and tag code (admins only), the count of matches, and the overall totals.
 */
export async function listAdminBoonees(db: DbOrTx, actor: Actor | null, query: BooneeListQuery) {
  assertRole(actor, ["admin"]);
  const where = booneeFilter(query);
  const [totals] = await db.select({ total: count(), claimed: count(boonees.ownerId) }).from(boonees);
  const matches = where ? (await db.select({ n: count() }).from(boonees).where(where))[0].n : totals.total;
  const paging = pageOf(query.page ?? 1, BOONEES_PAGE_SIZE, matches);
  const items = await db
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
    })
    .from(boonees)
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .leftJoin(tags, eq(tags.booneeId, boonees.id))
    .where(where)
    .orderBy(desc(boonees.createdAt), boonees.id)
    .limit(BOONEES_PAGE_SIZE)
    .offset((paging.page - 1) * BOONEES_PAGE_SIZE);
  return {
    items,
    totals: { total: totals.total, claimed: totals.claimed, available: totals.total - totals.claimed },
    ...paging,
  };
}

/** Figures and their codes for the printable label sheet (by ids, or the unclaimed instances of a type). */
export async function listLabels(db: DbOrTx, actor: Actor | null, query: { ids?: string[]; typeId?: string }) {
  assertRole(actor, ["admin"]);
  const where = query.ids?.length
    ? sql`${boonees.id} in (${sql.join(query.ids.map((id) => sql`${id}::uuid`), sql`, `)})`
    : query.typeId
      ? and(or(eq(boonees.id, query.typeId), eq(boonees.templateId, query.typeId)), isNull(boonees.ownerId))
      : sql`false`;
  return db
    .select({ id: boonees.id, name: boonees.name, series: boonees.series, rarity: boonees.rarity, code: tags.secretCode, createdAt: boonees.createdAt })
    .from(boonees)
    .innerJoin(tags, eq(tags.booneeId, boonees.id))
    .where(where)
    .orderBy(boonees.createdAt, boonees.id)
    .limit(200);
}

// ---------------------------------------------------------------- claims and stories

export const CLAIMS_PAGE_SIZE = 25;

/**
 * The claims table, newest first (claims_claimed_at_idx), searchable by figure, series, claimer
 * name and e-mail. E-mail addresses are read for admins only.
 */
export async function listClaims(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number; state?: "all" | "pending" | "verified" }) {
  assertRole(actor, ["admin", "moderator"]);
  const isAdmin = actor.role === "admin";
  const parts: (SQL | undefined)[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    parts.push(
      or(
        ilike(boonees.name, pattern),
        ilike(boonees.series, pattern),
        ilike(profiles.name, pattern),
        isAdmin ? ilike(profiles.email, pattern) : undefined,
      ),
    );
  }
  if (query.state === "pending") parts.push(eq(claims.verified, false));
  if (query.state === "verified") parts.push(eq(claims.verified, true));
  const where = parts.length ? and(...parts) : undefined;
  const base = () =>
    db.select({ n: count() }).from(claims).innerJoin(boonees, eq(boonees.id, claims.booneeId)).innerJoin(profiles, eq(profiles.id, claims.userId));
  const [{ n: total }] = where ? await base().where(where) : await db.select({ n: count() }).from(claims);
  const paging = pageOf(query.page ?? 1, CLAIMS_PAGE_SIZE, total);
  const rows = await db
    .select({
      id: claims.id,
      claimedAt: claims.claimedAt,
      verified: claims.verified,
      booneeId: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      claimer: profiles.name,
      email: profiles.email,
      deleted: profiles.deletedAt,
    })
    .from(claims)
    .innerJoin(boonees, eq(boonees.id, claims.booneeId))
    .innerJoin(profiles, eq(profiles.id, claims.userId))
    .where(where)
    .orderBy(desc(claims.claimedAt), desc(claims.id))
    .limit(CLAIMS_PAGE_SIZE)
    .offset((paging.page - 1) * CLAIMS_PAGE_SIZE);
  const items = rows.map(({ email, deleted, ...r }) => ({ ...r, claimer: deleted ? null : r.claimer, email: isAdmin && !deleted ? email : null }));
  return { items, ...paging };
}

export const STORIES_PAGE_SIZE = 20;

/** Finder stories for moderation, newest first, hidden ones included. */
export async function listStories(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number }) {
  assertRole(actor, ["admin", "moderator"]);
  const q = query.q?.trim();
  const where = q
    ? or(ilike(booneeStories.title, containsPattern(q)), ilike(booneeStories.story, containsPattern(q)), ilike(boonees.name, containsPattern(q)))
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
  const where = q ? and(active, or(ilike(profiles.name, containsPattern(q)), ilike(profiles.email, containsPattern(q)))) : active;
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
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      createdAt: profiles.createdAt,
      roles: sql<string[]>`coalesce(array_agg(${userRoles.role}::text) filter (where ${userRoles.role} is not null), '{}')`,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(where)
    .groupBy(profiles.id)
    .orderBy(desc(profiles.createdAt), profiles.id)
    .limit(USERS_PAGE_SIZE)
    .offset((paging.page - 1) * USERS_PAGE_SIZE);
  const items = rows.map(({ roles, ...r }) => ({ ...r, role: primaryRole(parseRoles(roles)) }));
  return { items, counts: { users: usersTotal, admins, moderators }, ...paging };
}

/** array_agg comes back as an array from node-postgres and PGlite, or as "{a,b}" text from some drivers. */
function parseRoles(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return value.replace(/^\{|\}$/g, "").split(",").filter(Boolean);
  return [];
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
    .where(and(isNotNull(boonees.ownerId), q ? or(ilike(boonees.name, containsPattern(q)), ilike(boonees.series, containsPattern(q))) : undefined))
    .orderBy(desc(boonees.claimedAt), boonees.id)
    .limit(50);
  return { series: seriesRows.map((r) => r.series).filter((s): s is string => !!s), figures };
}
