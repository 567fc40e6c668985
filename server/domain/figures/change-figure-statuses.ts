import { asc, inArray } from "drizzle-orm";

import type { BulkStatusInput } from "#shared/schemas/admin.ts";

import type { Db } from "../../db/client.ts";
import { boonees } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity } from "../staff-scope.ts";
import { figureChanges } from "./figure-changes.ts";
import { figuresBreakingStatusRules } from "./figure-status-rules.ts";

/**
 * An admin sets several figures to one status at once (the admin list's selection). The same role
 * and the same rule as the edit dialog's status (figuresBreakingStatusRules), all or nothing in one
 * transaction: when one figure is gone or may not take the status, nothing changes and the refusal
 * names those figures (`refused`: their names, `missing`: how many no longer exist). Every changed
 * figure gets its own "boonee.updated" line in the activity log, as a single edit does; a figure
 * already in the status is left alone and not logged. Returns how many changed.
 */
export async function changeFigureStatuses(db: Db, actor: Actor | null, input: BulkStatusInput) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    // Locked in id order: two bulk changes over overlapping figures wait for each other, never deadlock.
    const current = await tx
      .select()
      .from(boonees)
      .where(inArray(boonees.id, input.ids))
      .orderBy(asc(boonees.id))
      .for("update");
    for (const f of current) assertStaffCity(actor, f.cityId);
    const missing = input.ids.length - current.length;
    const changing = current.filter((f) => f.status !== input.status);
    const updated =
      changing.length === 0
        ? []
        : await tx
            .update(boonees)
            .set({ status: input.status })
            .where(
              inArray(
                boonees.id,
                changing.map((f) => f.id),
              ),
            )
            .returning();
    const breaking = new Set(
      await figuresBreakingStatusRules(
        tx,
        updated.map((f) => f.id),
      ),
    );
    if (missing > 0 || breaking.size > 0) {
      const refused = current
        .filter((f) => breaking.has(f.id))
        .map((f) => f.name)
        .sort((a, b) => a.localeCompare(b));
      // The rollback undoes the update: nothing changed.
      throw new DomainError(breaking.size > 0 ? "bulkInWaitingDrop" : "notFound", breaking.size > 0 ? 409 : 404, {
        refused: refused.join(", "),
        count: breaking.size,
        missing,
      });
    }
    const before = new Map(current.map((f) => [f.id, f]));
    for (const row of updated) {
      await recordActivity(tx, actor, {
        action: "boonee.updated",
        objectType: "boonee",
        objectId: row.id,
        objectLabel: row.name,
        details: { ...(await figureRef(tx, row.id)), changes: figureChanges(before.get(row.id)!, row) },
      });
    }
    return { changed: updated.length, unchanged: current.length - updated.length };
  });
}
