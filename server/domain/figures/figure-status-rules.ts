import { and, inArray, notInArray } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { boonees } from "../../db/schema.ts";
import { inUnreleasedDrop } from "../drops/drop-visibility.ts";

/**
 * The rule an admin's status change must keep, for one figure (the edit dialog) and for many (the
 * list's bulk change) alike: a figure of a waiting drop stays Draft or Hidden until the release.
 * Asked inside the caller's transaction after its update, so a refusal rolls the update back.
 * Returns the ids (of `ids`) that now break it.
 */
export async function figuresBreakingStatusRules(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: boonees.id })
    .from(boonees)
    .where(
      and(inArray(boonees.id, [...ids]), notInArray(boonees.status, ["Draft", "Hidden"]), inUnreleasedDrop(boonees.id)),
    );
  return rows.map((r) => r.id);
}
