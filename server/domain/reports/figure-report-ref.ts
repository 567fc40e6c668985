import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { instanceNumber } from "../../db/figure-search.ts";
import { boonees, dropFigures, drops } from "../../db/schema.ts";

/**
 * Which figure a report is about, beyond its type's name (24 figures may share "Knäul der Große"):
 * its number in the type (1 for the type itself, as printed on its label), where it was placed (admins only: leave it out
 * for anyone else) and the drop it came with (both titles; null outside a drop or a cancelled one).
 */
export interface FigureReportRef {
  name: string;
  number: number | null;
  place: string | null;
  drop: { de: string; en: string } | null;
}

export async function figureReportRef(tx: DbOrTx, figureId: string): Promise<FigureReportRef | null> {
  const [row] = await tx
    .select({
      name: boonees.name,
      number: instanceNumber,
      place: boonees.placementNote,
      dropDe: drops.titleDe,
      dropEn: drops.titleEn,
    })
    .from(boonees)
    .leftJoin(dropFigures, eq(dropFigures.figureId, boonees.id))
    .leftJoin(drops, and(eq(drops.id, dropFigures.dropId), isNull(drops.cancelledAt)))
    .where(eq(boonees.id, figureId))
    .limit(1);
  if (!row) return null;
  return {
    name: row.name,
    number: row.number,
    place: row.place?.trim() ? row.place : null,
    drop: row.dropDe !== null && row.dropEn !== null ? { de: row.dropDe, en: row.dropEn } : null,
  };
}

/** The reference without the placement note, for anyone but admins. */
export const withoutPlace = (ref: FigureReportRef): FigureReportRef => ({ ...ref, place: null });
