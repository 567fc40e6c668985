import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { boonees, profiles, tags } from "../db/schema.ts";
import { notInUnreleasedDrop } from "./drop-visibility.ts";

/** What a tap page shows of a figure with a SUN tag: never its code or keys; nothing of a figure in a waiting drop. */
export async function sunFigure(db: DbOrTx, booneeId: string) {
  const [row] = await db
    .select({
      id: boonees.id,
      name: boonees.name,
      imageUrl: boonees.imageUrl,
      rarity: boonees.rarity,
      series: boonees.series,
      status: boonees.status,
      ownerId: boonees.ownerId,
      ownerName: profiles.name,
      claimedAt: boonees.claimedAt,
      tagId: tags.id,
      tagClaimed: tags.isClaimed,
      sunMode: tags.sunMode,
      sunCounter: tags.sunCounter,
    })
    .from(boonees)
    .innerJoin(tags, eq(tags.booneeId, boonees.id))
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(and(eq(boonees.id, booneeId), notInUnreleasedDrop(boonees.id)));
  if (!row || !row.sunMode) return null;
  return {
    figure: { id: row.id, name: row.name, imageUrl: row.imageUrl, rarity: row.rarity, series: row.series, status: row.status },
    claimed: !!row.ownerId || row.tagClaimed,
    // a deleted account's name is gone: 'Anonymous'
    ownerName: row.ownerName?.trim() || null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    tag: { id: row.tagId, counter: row.sunCounter },
  };
}
