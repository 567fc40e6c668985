import { and, eq, sql } from "drizzle-orm";

import { systemText } from "#shared/notification-text.ts";

import { queryRows, type Db } from "../../db/client.ts";
import { boonees, booneeStories, claims } from "../../db/schema.ts";
import { withdrawAchievements } from "../achievements/withdraw-achievements.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { issueNewCode } from "../codes/replace-claim-code.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { createNotifications } from "../notifications/notify.ts";
import { requireReason } from "../reason.ts";
import { assertStaffCity } from "../staff-scope.ts";

/**
 * An admin or moderator rejects a Pending claim (a leaked code, a test account), with a reason. In ONE
 * transaction: the claim row stays, as Rejected with the reason; the figure has no owner again (Found
 * goes back to Placed) and a new code (the used one is burned); the former owner's stories on it are
 * hidden, the achievements they no longer earn withdrawn, and they are notified with the reason.
 * The conditional update on the claim decides: a claim verified or rejected meanwhile is refused
 * ("notPending"), so two reviewers cannot both act. Moderators never review their own claims.
 */
export async function rejectClaim(db: Db, actor: Actor | null, input: { claimId: string; reason: string }) {
  assertRole(actor, ["admin", "moderator"]);
  const reason = requireReason(input.reason);
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ userId: claims.userId, cityId: boonees.cityId })
      .from(claims)
      .innerJoin(boonees, eq(boonees.id, claims.figureId))
      .where(eq(claims.id, input.claimId));
    if (!claim) throw new DomainError("notFound", 404);
    assertStaffCity(actor, claim.cityId);
    if (actor.role === "moderator" && claim.userId === actor.id) throw new DomainError("ownClaim", 403);
    const [rejected] = await tx
      .update(claims)
      .set({ status: "rejected", reason, reasonLang: actor.lang ?? null, reviewedAt: sql`now()`, reviewedBy: actor.id })
      .where(and(eq(claims.id, input.claimId), eq(claims.status, "pending")))
      .returning({ figureId: claims.figureId, userId: claims.userId });
    if (!rejected) throw new DomainError("notPending", 409);
    const details = await figureRef(tx, rejected.figureId); // number and owner before the figure is freed
    const [figure] = await tx
      .update(boonees)
      .set({
        ownerId: null,
        claimedAt: null,
        status: sql`case when ${boonees.status} = 'Found' then 'Placed'::boonee_status else ${boonees.status} end`,
      })
      .where(and(eq(boonees.id, rejected.figureId), eq(boonees.ownerId, rejected.userId)))
      .returning({ id: boonees.id, name: boonees.name });
    const [named] = figure
      ? [figure]
      : await tx.select({ id: boonees.id, name: boonees.name }).from(boonees).where(eq(boonees.id, rejected.figureId));
    await issueNewCode(tx, rejected.figureId);
    // A figure of a started drop lies out there with the old code on its label: the admin is told to reprint it.
    const [liveDrop] = await queryRows<{ id: string; title: string }>(
      tx,
      sql`select d.id, d.title_de as title from drop_figures df join drops d on d.id = df.drop_id
          where df.boonee_id = ${rejected.figureId} and d.released_at is not null`,
    );
    await tx
      .update(booneeStories)
      .set({ hidden: true })
      .where(and(eq(booneeStories.figureId, rejected.figureId), eq(booneeStories.userId, rejected.userId)));
    const withdrawn = await withdrawAchievements(tx, rejected.userId, { because: "rejected" });
    await createNotifications(tx, [
      {
        userId: rejected.userId,
        type: "other",
        title: systemText("claimRejected", named?.name ?? ""),
        message: systemText("claimRejectedMessage", reason),
        link: "/profile",
      },
    ]);
    await recordActivity(tx, actor, {
      action: "claim.rejected",
      objectType: "claim",
      objectId: input.claimId,
      objectLabel: named?.name,
      reason,
      details,
    });
    return { figureId: rejected.figureId, name: named?.name ?? "", withdrawn, liveDrop: liveDrop ?? null };
  });
}
