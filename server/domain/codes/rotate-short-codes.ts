import { and, asc, eq, isNull, lt, not, sql } from "drizzle-orm";

import { SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";

import type { Db } from "../../db/client.ts";
import { boonees, tags } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { issueNewCode } from "./replace-claim-code.ts";

/** A figure whose label must be reprinted: its new code replaced a short one. */
export interface RotatedCode {
  id: string;
  name: string;
  series: string | null;
  code: string;
  previousCode: string;
}

/**
 * The operator's `cli rotate-short-codes` (decision 039): every unclaimed figure whose code claims by
 * itself (no SUN tag) and is shorter than SAFE_CODE_LENGTH gets a new generated code, each in its own
 * transaction with the figure locked (as an admin's "replace code": a claim cannot slip in between).
 * Claimed figures and SUN tags keep theirs. Returns the figures whose labels must be reprinted.
 */
export async function rotateShortCodes(db: Db): Promise<RotatedCode[]> {
  const candidates = await db
    .select({ id: boonees.id })
    .from(tags)
    .innerJoin(boonees, eq(boonees.id, tags.figureId))
    .where(
      and(
        not(tags.isClaimed),
        isNull(boonees.ownerId),
        isNull(tags.sunMode),
        lt(sql`length(${tags.secretCode})`, SAFE_CODE_LENGTH),
      ),
    )
    .orderBy(asc(boonees.series), asc(boonees.name), asc(boonees.id));
  const rotated: RotatedCode[] = [];
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [figure] = await tx
        .select({ id: boonees.id, name: boonees.name, series: boonees.series, ownerId: boonees.ownerId })
        .from(boonees)
        .where(eq(boonees.id, id))
        .for("update");
      const [tag] = await tx
        .select({ code: tags.secretCode, claimed: tags.isClaimed, sunMode: tags.sunMode })
        .from(tags)
        .where(eq(tags.figureId, id));
      // claimed or changed since the list was read: nothing to do
      if (!figure || figure.ownerId || !tag || tag.claimed || tag.sunMode || tag.code.length >= SAFE_CODE_LENGTH)
        return null;
      const code = await issueNewCode(tx, id);
      await recordActivity(tx, null, {
        action: "code.replaced",
        objectType: "boonee",
        objectId: id,
        objectLabel: figure.name,
        details: await figureRef(tx, id),
      });
      return { id, name: figure.name, series: figure.series, code, previousCode: tag.code };
    });
    if (done) rotated.push(done);
  }
  return rotated;
}
