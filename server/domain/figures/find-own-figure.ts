import { and, eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { figureCardColumns } from "../../db/figure-columns.ts";
import { boonees } from "../../db/schema.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

export interface OwnFigure {
  id: string;
  name: string;
  imageUrl: string | null;
  rarity: string;
  series: string | null;
}

/** A figure the signed-in user owns (the page after a claim), or null when it is not theirs. */
export async function findOwnFigure(db: DbOrTx, actor: Actor | null, figureId: string): Promise<OwnFigure | null> {
  assertSignedIn(actor);
  if (!/^[0-9a-f-]{36}$/i.test(figureId)) return null;
  const [row] = await db
    .select(figureCardColumns)
    .from(boonees)
    .where(and(eq(boonees.id, figureId), eq(boonees.ownerId, actor.id)))
    .limit(1);
  return row ?? null;
}
