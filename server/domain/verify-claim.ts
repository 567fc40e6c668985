import { and, eq } from "drizzle-orm";
import { systemText } from "../../app/lib/notification-text.ts";
import type { Db } from "../db/client.ts";
import { boonees, claims } from "../db/schema.ts";
import { DomainError, assertRole, type Actor } from "./errors.ts";
import { createNotifications } from "./notify.ts";

/**
 * An admin or moderator verifies a claim (Pending -> Verified); the owner is notified once, in the
 * same transaction. Verifying a verified claim changes nothing and notifies nobody.
 */
export async function verifyClaim(db: Db, actor: Actor | null, input: { claimId: string }) {
  assertRole(actor, ["admin", "moderator"]);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(claims)
      .set({ verified: true })
      .where(and(eq(claims.id, input.claimId), eq(claims.verified, false)))
      .returning({ booneeId: claims.booneeId, userId: claims.userId });
    if (!updated) {
      const [exists] = await tx.select({ id: claims.id }).from(claims).where(eq(claims.id, input.claimId));
      if (!exists) throw new DomainError("notFound", 404);
      return { alreadyVerified: true as const };
    }
    const [figure] = await tx.select({ name: boonees.name }).from(boonees).where(eq(boonees.id, updated.booneeId));
    const name = figure?.name ?? "";
    await createNotifications(tx, [
      {
        userId: updated.userId,
        type: "other",
        title: systemText("claimVerified", name),
        message: systemText("claimVerifiedMessage", name),
        link: `/boonee/${updated.booneeId}`,
      },
    ]);
    return { alreadyVerified: false as const };
  });
}
