import { and, eq, isNull, ne } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { profiles, userRoles } from "../../db/schema.ts";
import { DomainError } from "../errors.ts";

/**
 * Refuses ("last_admin") when taking `userId` away (role change, block, deletion) would leave no
 * active admin. Locks the other admins' role rows so two concurrent removals cannot both pass.
 * Call inside the transaction of the removal.
 */
export async function assertNotLastAdmin(tx: DbOrTx, userId: string) {
  const [isAdmin] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  if (!isAdmin) return;
  const others = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.role, "admin"),
        ne(userRoles.userId, userId),
        isNull(profiles.blockedAt),
        isNull(profiles.deletedAt),
      ),
    )
    .for("update", { of: userRoles });
  if (others.length === 0) throw new DomainError("last_admin", 409);
}
