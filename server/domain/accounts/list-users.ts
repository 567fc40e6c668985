import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";

import { primaryRole } from "#shared/roles.ts";

import type { DbOrTx } from "../../db/client.ts";
import { contains } from "../../db/like-pattern.ts";
import { pageOf } from "../../db/paging.ts";
import { cityStaff, profiles, userRoles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities, isGlobalStaff } from "../staff-scope.ts";

export const USERS_PAGE_SIZE = 50;

/** The list's search (the CSV export reads the same rows): active accounts by name or e-mail. */
export function usersFilter(q: string | undefined) {
  const active = isNull(profiles.deletedAt);
  return q?.trim() ? and(active, or(contains(profiles.name, q.trim()), contains(profiles.email, q.trim()))) : active;
}

/** Accounts with their shown role (admin > moderator > user), newest first, searchable by name and e-mail. */
export async function listUsers(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number }) {
  assertRole(actor, ["admin"]);
  const q = query.q?.trim();
  // Accounts belong to no city (decision 058): a city admin sees the staff of his cities, and finds anyone
  // else only by the exact e-mail address, to give them a role for his cities (decision 059).
  const cityStaffOfActor = isGlobalStaff(actor)
    ? undefined
    : inArray(
        profiles.id,
        db.select({ id: cityStaff.userId }).from(cityStaff).where(inStaffCities(actor, cityStaff.cityId)),
      );
  const active = cityStaffOfActor ? and(isNull(profiles.deletedAt), cityStaffOfActor) : isNull(profiles.deletedAt);
  const where = cityStaffOfActor
    ? and(
        isNull(profiles.deletedAt),
        q
          ? or(and(cityStaffOfActor, usersFilter(q)), eq(sql`lower(${profiles.email})`, q.toLowerCase()))
          : cityStaffOfActor,
      )
    : usersFilter(q);
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
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      createdAt: profiles.createdAt,
      blockedAt: profiles.blockedAt,
    })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.createdAt), profiles.id)
    .limit(USERS_PAGE_SIZE)
    .offset((paging.page - 1) * USERS_PAGE_SIZE);
  const ids = people.map((p) => p.id);
  const [roleRows, cityRows] = people.length
    ? await Promise.all([
        db
          .select({ userId: userRoles.userId, role: userRoles.role })
          .from(userRoles)
          .where(inArray(userRoles.userId, ids)),
        db
          .select({ userId: cityStaff.userId, cityId: cityStaff.cityId })
          .from(cityStaff)
          .where(inArray(cityStaff.userId, ids))
          .orderBy(cityStaff.cityId),
      ])
    : [[], []];
  const items = people.map((p) => ({
    ...p,
    role: primaryRole(roleRows.filter((r) => r.userId === p.id).map((r) => r.role)),
    /** The staff member's cities (decision 058): an admin without any is global. */
    cities: cityRows.filter((r) => r.userId === p.id).map((r) => r.cityId),
  }));
  return { items, counts: { users: usersTotal, admins, moderators }, ...paging };
}
