import { eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { boonees } from "../../db/schema.ts";
import { findTaggedFigure } from "./find-tagged-figure.ts";

/** What a tap page shows of a figure with a SUN tag: never its code or keys; nothing of a figure in a waiting drop. */
export async function sunFigure(db: DbOrTx, figureId: string) {
  const row = await findTaggedFigure(db, eq(boonees.id, figureId));
  if (!row || !row.sunMode) return null;
  return {
    figure: {
      id: row.id,
      name: row.name,
      imageUrl: row.imageUrl,
      rarity: row.rarity,
      series: row.series,
      status: row.status,
    },
    claimed: !!row.ownerId || row.tagClaimed,
    // a deleted account's name is gone: 'Anonymous'
    ownerName: row.ownerName?.trim() || null,
    claimedAt: row.claimedAt ? new Date(row.claimedAt).toISOString() : null,
    tag: { id: row.tagId, counter: row.sunCounter },
  };
}
