import { asc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { instanceNumber } from "../db/figure-search.ts";
import { boonees, profiles, tags } from "../db/schema.ts";
import { keysetRows } from "../csv/csv.ts";
import { assertRole, type Actor } from "./errors.ts";

const PAGE = 1000;

/** Every figure with its claim code, owner and placement note, for the CSV export (admins only). */
export function exportFigures(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin"]);
  return keysetRows(
    (after) =>
      db
        .select({
          id: boonees.id,
          name: boonees.name,
          typeId: boonees.templateId,
          number: instanceNumber,
          series: boonees.series,
          rarity: boonees.rarity,
          status: boonees.status,
          code: tags.secretCode,
          ownerName: profiles.name,
          ownerEmail: profiles.email,
          claimedAt: boonees.claimedAt,
          placementNote: boonees.placementNote,
          createdAt: boonees.createdAt,
        })
        .from(boonees)
        .leftJoin(tags, eq(tags.booneeId, boonees.id))
        .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
        .where(after ? gt(boonees.id, after) : undefined)
        .orderBy(asc(boonees.id))
        .limit(PAGE),
    PAGE,
  );
}
