import { and, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { figureCardColumns } from "../db/figure-columns.ts";
import { boonees, profiles, tags } from "../db/schema.ts";
import { notInUnreleasedDrop } from "./drop-visibility.ts";

/**
 * The one lookup of a figure through its tag (the claim page by code, the tap page by figure id):
 * the figure, its owner (left join: a removed profile reads as no owner) and its tag; never a
 * figure of a drop that is still waiting. Callers decide what of it to show (never the code).
 */
export async function findTaggedFigure(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({
      ...figureCardColumns,
      description: boonees.description,
      descriptionEn: boonees.descriptionEn,
      status: boonees.status,
      claimedAt: boonees.claimedAt,
      ownerId: boonees.ownerId,
      ownerName: profiles.name,
      ownerProfile: profiles.id,
      tagId: tags.id,
      tagClaimed: tags.isClaimed,
      sunMode: tags.sunMode,
      sunCounter: tags.sunCounter,
    })
    .from(tags)
    .innerJoin(boonees, eq(boonees.id, tags.booneeId))
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(and(where, notInUnreleasedDrop(boonees.id)))
    .limit(1);
  return row;
}
