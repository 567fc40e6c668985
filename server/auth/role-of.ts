import { eq } from "drizzle-orm";

import { primaryRole, type Role } from "#shared/roles.ts";

import type { DbOrTx } from "../db/client.ts";
import { userRoles } from "../db/schema.ts";

/** A user's shown role (admin > moderator > user), read from user_roles. */
export async function roleOf(db: DbOrTx, userId: string): Promise<Role> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return primaryRole(rows.map((r) => r.role));
}
