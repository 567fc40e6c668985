import { and, eq, sql } from "drizzle-orm";

import type { Db } from "../../db/client.ts";
import { claimableFigureSql } from "../../db/figure-status-sql.ts";
import { preparedStatement } from "../../db/prepared-statement.ts";
import { boonees, claims, tags } from "../../db/schema.ts";
import { webhookCtes } from "../../webhooks/enqueue-webhook.ts";
import { unlockAfter } from "../achievements/unlock-achievements.ts";
import { notInUnreleasedDrop } from "../drops/drop-visibility.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

/** The claim_boonee contract (spec section 7). p_user_id is accepted for the contract but never trusted. */
export interface ClaimInput {
  p_user_id?: string;
  p_tag_id: string;
  p_boonee_id: string;
}

export type ClaimError =
  "claim.error.already" | "claim.error.notClaimable" | "claim.error.notfound" | "claim.error.needsTap";
export type ClaimResult =
  | { success: true; error: null; figureId: string; name: string; achievements: string[] }
  /** `mine`: the figure is already the claimer's own (a second submit of their claim), never "taken". */
  | { success: false; error: ClaimError; mine?: boolean };

// the winner's owner, tag, claim row and webhook event (docs/decisions/051) in one statement (one round trip on the hot path); a figure
// with a SUN tag is claimed only by its latest verified tap (server/domain/codes/accept-sun-tap.ts)
const claimStatement = preparedStatement<
  { userId: string; figureId: string; tagId: string; sunCounter: number | null },
  { id: string; name: string }
>(
  "claim_win",
  (p) => sql`with won as (
      update ${boonees} set owner_id = ${p.userId}, claimed_at = now(), status = 'Found'
      where ${boonees.id} = ${p.figureId} and ${claimableFigureSql()} and ${notInUnreleasedDrop(boonees.id)}
        and exists (select 1 from ${tags} where ${tags.id} = ${p.tagId} and ${tags.figureId} = ${boonees.id} and not ${tags.isClaimed} and (${tags.sunMode} is null or ${tags.sunCounter} = ${p.sunCounter}))
      returning ${boonees.id}, ${boonees.name}
    ), tag as (
      update ${tags} set is_claimed = true where ${tags.id} = ${p.tagId} and exists (select 1 from won) returning 1
    ), claim as (
      insert into ${claims} (boonee_id, user_id) select won.id, ${p.userId} from won returning 1
    ), ${webhookCtes("figure.found", "won", sql`jsonb_build_object('figureId', won.id, 'name', won.name)`)}
    select won.id, won.name from won`,
);

/**
 * Claims a figure for the signed-in user. One conditional UPDATE decides the winner (no read-then-write):
 * exactly one of any number of concurrent claimers gets the row; the others get claim.error.already.
 * Owner, status Found, tag and claim row (Pending) are one statement, so one transaction. The
 * achievements follow once it has committed (decision 038, unlockAfter): read then, they count
 * every claim of the user that committed before, so two claims at once never both miss a threshold.
 */
export async function claimFigure(
  db: Db,
  actor: Actor | null,
  input: ClaimInput,
  via: { sunCounter?: number } = {},
): Promise<ClaimResult> {
  assertSignedIn(actor);
  const userId = actor.id; // the session's user, whatever p_user_id says
  const won = await claimStatement(db, {
    userId,
    figureId: input.p_boonee_id,
    tagId: input.p_tag_id,
    sunCounter: via.sunCounter ?? null,
  });
  if (won.length === 0) {
    const [figure] = await db
      .select({ ownerId: boonees.ownerId, status: boonees.status, tagClaimed: tags.isClaimed, sunMode: tags.sunMode })
      .from(boonees)
      .innerJoin(tags, eq(tags.figureId, boonees.id))
      .where(and(eq(boonees.id, input.p_boonee_id), eq(tags.id, input.p_tag_id), notInUnreleasedDrop(boonees.id)));
    if (!figure) return { success: false as const, error: "claim.error.notfound" as const };
    if (figure.ownerId === userId)
      return { success: false as const, error: "claim.error.already" as const, mine: true };
    if (figure.ownerId || figure.tagClaimed) return { success: false as const, error: "claim.error.already" as const };
    if (figure.sunMode && figure.status !== "Archived")
      return { success: false as const, error: "claim.error.needsTap" as const };
    return { success: false as const, error: "claim.error.notClaimable" as const };
  }
  const achievements = await unlockAfter(db, userId);
  return { success: true as const, error: null, figureId: won[0].id, name: won[0].name, achievements };
}
