import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boonees, claims, tags } from "../db/schema.ts";
import { assertSignedIn, type Actor } from "./errors.ts";
import { unlockAchievements } from "./unlock-achievements.ts";

/** The claim_boonee contract (spec section 7). p_user_id is accepted for the contract but never trusted. */
export interface ClaimInput {
  p_user_id?: string;
  p_tag_id: string;
  p_boonee_id: string;
}

export type ClaimError = "claim.error.already" | "claim.error.notClaimable" | "claim.error.notfound";
export type ClaimResult = { success: true; error: null; booneeId: string; name: string; achievements: string[] } | { success: false; error: ClaimError };

/**
 * Claims a figure for the signed-in user. One conditional UPDATE decides the winner (no read-then-write):
 * exactly one of any number of concurrent claimers gets the row; the others get claim.error.already.
 * Tag, claim row (Pending), status Found and achievements are written in the same transaction.
 */
export async function claimBoonee(db: Db, actor: Actor | null, input: ClaimInput): Promise<ClaimResult> {
  assertSignedIn(actor);
  const userId = actor.id; // the session's user, whatever p_user_id says
  return db.transaction(async (tx) => {
    const won = await tx
      .update(boonees)
      .set({ ownerId: userId, claimedAt: sql`now()`, status: "Found" })
      .where(
        and(
          eq(boonees.id, input.p_boonee_id),
          isNull(boonees.ownerId),
          ne(boonees.status, "Archived"),
          sql`exists (select 1 from ${tags} where ${tags.id} = ${input.p_tag_id} and ${tags.booneeId} = ${boonees.id} and not ${tags.isClaimed})`,
        ),
      )
      .returning({ id: boonees.id, name: boonees.name });
    if (won.length === 0) {
      const [figure] = await tx
        .select({ ownerId: boonees.ownerId, status: boonees.status, tagClaimed: tags.isClaimed })
        .from(boonees)
        .innerJoin(tags, eq(tags.booneeId, boonees.id))
        .where(and(eq(boonees.id, input.p_boonee_id), eq(tags.id, input.p_tag_id)));
      if (!figure) return { success: false as const, error: "claim.error.notfound" as const };
      if (figure.ownerId || figure.tagClaimed) return { success: false as const, error: "claim.error.already" as const };
      return { success: false as const, error: "claim.error.notClaimable" as const };
    }
    await tx.update(tags).set({ isClaimed: true }).where(eq(tags.id, input.p_tag_id));
    await tx.insert(claims).values({ booneeId: input.p_boonee_id, userId });
    const achievements = await unlockAchievements(tx, userId);
    return { success: true as const, error: null, booneeId: won[0].id, name: won[0].name, achievements };
  });
}
