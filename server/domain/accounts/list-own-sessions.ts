import { and, desc, eq, gt, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { sessions } from "../../db/schema.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

/**
 * The signed-in user's devices (unexpired sessions), newest first, for the profile. Read from our
 * own rows rather than Better Auth's listSessions, which demands a "fresh" session (created within
 * a day) and so failed for everyone on their second day (decision 005). Never returns tokens.
 */
export async function listOwnSessions(db: DbOrTx, actor: Actor | null, currentSessionId: string) {
  assertSignedIn(actor);
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt))
    .limit(100);
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}
