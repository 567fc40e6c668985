import { and, eq, sql } from "drizzle-orm";

import { systemText } from "#shared/notification-text.ts";

import type { Db } from "../../db/client.ts";
import { boonees, claims } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { createNotifications } from "../notifications/notify.ts";
import { assertStaffCity } from "../staff-scope.ts";

/**
 * An admin or moderator verifies a claim (Pending -> Verified); the owner is notified once, in the
 * same transaction. Verifying a verified claim changes nothing and notifies nobody; a rejected claim
 * cannot be verified. Moderators never review their own claims.
 */
export async function verifyClaim(db: Db, actor: Actor | null, input: { claimId: string }) {
  assertRole(actor, ["admin", "moderator"]);
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ userId: claims.userId, status: claims.status, cityId: boonees.cityId })
      .from(claims)
      .innerJoin(boonees, eq(boonees.id, claims.figureId))
      .where(eq(claims.id, input.claimId));
    if (!claim) throw new DomainError("notFound", 404);
    assertStaffCity(actor, claim.cityId);
    if (actor.role === "moderator" && claim.userId === actor.id) throw new DomainError("ownClaim", 403);
    const [updated] = await tx
      .update(claims)
      .set({ status: "verified", reviewedAt: sql`now()`, reviewedBy: actor.id })
      .where(and(eq(claims.id, input.claimId), eq(claims.status, "pending")))
      .returning({ figureId: claims.figureId, userId: claims.userId });
    if (!updated) {
      // Verified claims are final; a rejected one cannot be verified any more.
      const [now] = await tx.select({ status: claims.status }).from(claims).where(eq(claims.id, input.claimId));
      if (now?.status === "rejected") throw new DomainError("notPending", 409);
      return { alreadyVerified: true as const };
    }
    const [figure] = await tx.select({ name: boonees.name }).from(boonees).where(eq(boonees.id, updated.figureId));
    const name = figure?.name ?? "";
    await createNotifications(tx, [
      {
        userId: updated.userId,
        type: "other",
        title: systemText("claimVerified", name),
        message: systemText("claimVerifiedMessage", name),
        link: `/boonee/${updated.figureId}`,
      },
    ]);
    await recordActivity(tx, actor, {
      action: "claim.verified",
      objectType: "claim",
      objectId: input.claimId,
      objectLabel: name,
      details: await figureRef(tx, updated.figureId),
    });
    return { alreadyVerified: false as const };
  });
}
