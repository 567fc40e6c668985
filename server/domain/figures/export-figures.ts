import { and, eq, sql } from "drizzle-orm";

import type { StatusFilter } from "#shared/schemas/admin.ts";

import { keysetRows } from "../../csv/csv.ts";
import type { DbOrTx } from "../../db/client.ts";
import { instanceNumber } from "../../db/figure-search.ts";
import { boonees, profiles, tags } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { figureFilter } from "./list-figures.ts";

const PAGE = 1000;

/**
 * The figures the admin list shows (its search and status filter, its order: newest first), with
 * claim code, owner and placement note, for the CSV export (admins only).
 */
export function exportFigures(db: DbOrTx, actor: Actor | null, query: { q?: string; status?: StatusFilter } = {}) {
  assertRole(actor, ["admin"]);
  const where = figureFilter(query, actor);
  return keysetRows(
    (after: { id: string; cursorTs: string } | null) =>
      db
        .select({
          id: boonees.id,
          name: boonees.name,
          typeId: boonees.typeId,
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
          cursorTs: sql<string>`${boonees.createdAt}::text`,
        })
        .from(boonees)
        .leftJoin(tags, eq(tags.figureId, boonees.id))
        .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
        .where(
          and(
            where,
            after
              ? sql`(${boonees.createdAt} < ${after.cursorTs}::timestamptz or (${boonees.createdAt} = ${after.cursorTs}::timestamptz and ${boonees.id} > ${after.id}::uuid))`
              : undefined,
          ),
        )
        .orderBy(sql`${boonees.createdAt} desc nulls last`, boonees.id)
        .limit(PAGE),
    PAGE,
  );
}
