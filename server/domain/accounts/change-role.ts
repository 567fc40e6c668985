import { eq } from "drizzle-orm";

import { primaryRole, type Role } from "#shared/roles.ts";

import type { Db } from "../../db/client.ts";
import { profiles, userRoles } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertNotLastAdmin } from "./last-admin.ts";

/** Replaces all of a user's roles with one, in one transaction (no permission check: internal). */
export async function setRole(db: Db, userId: string, role: Role) {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing(); // another instance did the same
  });
}

/** An admin changes a user's role. The last admin cannot give up the admin role. */
export async function changeRole(db: Db, actor: Actor, input: { userId: string; role: Role }) {
  assertRole(actor, ["admin"]);
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
    await recordActivity(tx, actor, {
      action: "role.changed",
      objectType: "account",
      objectId: target.id,
      objectLabel: target.name,
      details: { role: { from: primaryRole(before.map((r) => r.role)), to: input.role } },
    });
  });
}
