import { eq, inArray, sql } from "drizzle-orm";

import { primaryRole, type Role } from "#shared/roles.ts";

import { staffCities } from "../../auth/staff-cities.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { cities, cityStaff, profiles, userRoles } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity, isGlobalStaff } from "../staff-scope.ts";
import { assertNotLastAdmin } from "./last-admin.ts";

/**
 * Replaces all of a user's roles with one, in one transaction (no permission check: internal; the CLI's
 * `grant-role`, the bootstrap admin). A moderator without cities gets every city, as migration 0035 gave
 * the moderators of its day (decision 058); an admin without cities is global anyway.
 */
export async function setRole(db: Db, userId: string, role: Role) {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing(); // another instance did the same
    if (role === "moderator")
      await tx.execute(
        sql`insert into city_staff (user_id, city_id) select ${userId}, c.id from cities c
            where not exists (select 1 from city_staff s where s.user_id = ${userId}) on conflict do nothing`,
      );
  });
}

/**
 * An admin changes a user's role (decision 058, follow-up in 059). The last admin cannot give up the admin role.
 * `cities` are the staff member's cities: a list (an admin with some is a city admin, a moderator works for
 * those), `"all"` (an admin for every city, i.e. global; a moderator for every city there is now, as
 * `cli grant-role` makes one), absent: the cities stay as they are. A user keeps none.
 * A global admin changes anyone. A city admin changes only people who are not staff of another city (nor
 * global admins), and only to roles for his own cities, named (an admin without cities would be global).
 */
export async function changeRole(
  db: Db,
  actor: Actor,
  input: { userId: string; role: Role; cities?: readonly number[] | "all" },
) {
  assertRole(actor, ["admin"]);
  const cityAdmin = !isGlobalStaff(actor);
  if (cityAdmin) {
    if (input.cities === "all") throw new DomainError("forbidden", 403);
    if (input.role !== "user" && !input.cities?.length) throw new DomainError("citiesRequired", 422);
    for (const id of input.cities ?? []) assertStaffCity(actor, id);
  }
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    if (!target) throw new DomainError("not_found", 404);
    const before = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, input.userId));
    await assertMayChangeRoleOf(tx, actor, input.userId);
    if (input.role !== "admin") await assertNotLastAdmin(tx, input.userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, input.userId));
    await tx.insert(userRoles).values({ userId: input.userId, role: input.role });
    const cityIds =
      input.role === "user"
        ? []
        : input.cities === "all"
          ? input.role === "admin"
            ? []
            : (await tx.select({ id: cities.id }).from(cities)).map((c) => c.id)
          : input.cities && [...new Set(input.cities)];
    if (cityIds) {
      if (cityIds.length && input.cities !== "all") {
        const known = await tx.select({ id: cities.id }).from(cities).where(inArray(cities.id, cityIds));
        if (known.length !== cityIds.length) throw new DomainError("cityUnknown", 404);
      }
      await tx.delete(cityStaff).where(eq(cityStaff.userId, input.userId));
      if (cityIds.length)
        await tx.insert(cityStaff).values(cityIds.map((cityId) => ({ userId: input.userId, cityId })));
    }
    await recordActivity(tx, actor, {
      action: "role.changed",
      objectType: "account",
      objectId: target.id,
      objectLabel: target.name,
      details: {
        role: { from: primaryRole(before.map((r) => r.role)), to: input.role },
        ...(cityIds ? { cities: cityIds } : {}),
      },
    });
  });
}

/**
 * Refuses (403) a city admin whose role change would touch another city's staff work: the person is a global
 * admin, or staff of a city that is not his. A global admin may change anyone's role.
 */
export async function assertMayChangeRoleOf(db: DbOrTx, actor: Actor, userId: string) {
  if (isGlobalStaff(actor)) return;
  const [roles, rows] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db.select({ cityId: cityStaff.cityId }).from(cityStaff).where(eq(cityStaff.userId, userId)),
  ]);
  const present = staffCities(
    primaryRole(roles.map((r) => r.role)),
    rows.map((r) => r.cityId),
  );
  if (present === null) throw new DomainError("forbidden", 403);
  for (const id of present) assertStaffCity(actor, id);
}
