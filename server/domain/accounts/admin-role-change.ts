import { eq } from "drizzle-orm";

import type { Role } from "#shared/roles.ts";

import { roleOf } from "../../auth/role-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertMayChangeRoleOf } from "./change-role.ts";

/**
 * Granting or removing the admin role is asked for twice. Returns what the confirmation names
 * (the person and the direction), or null when the change does not touch the admin role.
 */
export async function adminRoleChangeToConfirm(db: DbOrTx, actor: Actor | null, input: { userId: string; role: Role }) {
  assertRole(actor, ["admin"]);
  // a city admin asks only about people whose role is his to change (decision 059)
  await assertMayChangeRoleOf(db, actor, input.userId);
  const [target] = await db
    .select({ name: profiles.name, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!target) throw new DomainError("not_found", 404);
  const wasAdmin = (await roleOf(db, input.userId)) === "admin";
  if (wasAdmin === (input.role === "admin")) return null;
  return { name: target.name ?? target.email, granting: !wasAdmin };
}
