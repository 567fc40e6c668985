import { eq, inArray, sql } from "drizzle-orm";

import { primaryRole, type Role } from "#shared/roles.ts";

import type { Db } from "../../db/client.ts";
import { cities, cityStaff, profiles, userRoles } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertGlobalStaff } from "../staff-scope.ts";
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
 * A global admin changes a user's role (decision 058: accounts are no city's). The last admin cannot give
 * up the admin role. `cities` are the staff member's cities (an admin without any is global, a moderator
 * without any sees no city); absent: the cities stay as they are. A user keeps none.
 */
export async function changeRole(
  db: Db,
  actor: Actor,
  input: { userId: string; role: Role; cities?: readonly number[] },
) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    if (!target) throw new DomainError("not_found", 404);
    if (input.role !== "admin") await assertNotLastAdmin(tx, input.userId);
    const before = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, input.userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, input.userId));
    await tx.insert(userRoles).values({ userId: input.userId, role: input.role });
    const cityIds = input.role === "user" ? [] : input.cities && [...new Set(input.cities)];
    if (cityIds) {
      if (cityIds.length) {
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
