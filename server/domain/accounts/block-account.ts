import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";

import type { Db, Tx } from "../../db/client.ts";
import { profiles, sessions } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { requireReason } from "../reason.ts";
import { assertGlobalStaff } from "../staff-scope.ts";
import { assertNotLastAdmin } from "./last-admin.ts";

/** The account an admin acts on, locked; never the admin's own (that is the profile's business). */
export async function lockTargetAccount(tx: Tx, actor: Actor, userId: string) {
  if (userId === actor.id) throw new DomainError("self", 409);
  const [target] = await tx
    .select({ id: profiles.id, name: profiles.name, blockedAt: profiles.blockedAt })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNull(profiles.deletedAt)))
    .for("update");
  if (!target) throw new DomainError("not_found", 404);
  return target;
}

/** Ends every session of a user now, and tells their open live streams to check theirs (they close). */
export async function endAllSessions(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.execute(sql`select pg_notify('notifications', ${userId})`);
}

/**
 * An admin blocks an account, with a reason: it cannot sign in, its sessions (and live streams) end
 * at once, its finder stories are hidden from the figure pages. Never the last admin. One transaction.
 */
export async function blockAccount(db: Db, actor: Actor | null, input: { userId: string; reason: string }) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // accounts belong to no city: a global admin's (decision 058)
  const reason = requireReason(input.reason);
  return db.transaction(async (tx) => {
    const target = await lockTargetAccount(tx, actor, input.userId);
    if (target.blockedAt) return { changed: false };
    await assertNotLastAdmin(tx, target.id);
    await tx
      .update(profiles)
      .set({ blockedAt: sql`now()` })
      .where(eq(profiles.id, target.id));
    await endAllSessions(tx, target.id);
    await recordActivity(tx, actor, {
      action: "account.blocked",
      objectType: "account",
      objectId: target.id,
      objectLabel: target.name,
      reason,
    });
    return { changed: true };
  });
}

/** An admin lifts a block: the person may sign in again and their stories show again. */
export async function unblockAccount(db: Db, actor: Actor | null, input: { userId: string }) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // accounts belong to no city: a global admin's (decision 058)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ blockedAt: null })
      .where(and(eq(profiles.id, input.userId), isNotNull(profiles.blockedAt), isNull(profiles.deletedAt)))
      .returning({ id: profiles.id, name: profiles.name });
    if (!row) return { changed: false };
    await recordActivity(tx, actor, {
      action: "account.unblocked",
      objectType: "account",
      objectId: row.id,
      objectLabel: row.name,
    });
    return { changed: true };
  });
}
