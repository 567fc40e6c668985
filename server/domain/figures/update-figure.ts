import { eq, sql } from "drizzle-orm";

import type { InheritedColumn } from "#shared/inherited-fields.ts";
import type { FigureFieldsInput } from "#shared/schemas/admin.ts";

import { queryRows, type Db, type Tx } from "../../db/client.ts";
import { boonees, cities } from "../../db/schema.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity, assertStaffCityOf } from "../staff-scope.ts";
import { figureColumns } from "./create-figure.ts";
import { figureChanges } from "./figure-changes.ts";
import { figuresBreakingStatusRules } from "./figure-status-rules.ts";
import { overriddenColumns, propagateToInstances, typeValues } from "./type-inheritance.ts";

export interface UpdateFigureInput extends FigureFieldsInput {
  id: string;
  /** A new picture / welcome video; undefined keeps the current one. */
  imageUrl?: string;
  welcomeVideoUrl?: string;
  /** For an instance: the fields that take the type's value again. */
  inherit?: readonly InheritedColumn[];
  /** Where the operator hid it; undefined keeps the note, null clears it. */
  placementNote?: string | null;
  /**
   * Moves it to another city (decision 053, follow-up); undefined keeps it. A type takes its instances
   * along; an instance lies in its type's city, so it can only name that one.
   */
  cityId?: number;
}

/**
 * An admin edits a figure's fields and status after creation (product decisions: status is free).
 * Types and instances (decision 015), in the same transaction: an edited type's values reach every
 * instance in the fields it did not override; an edited instance owns exactly the fields in which it
 * now differs from its type (a field set back to the type's value follows the type again).
 * Returns the number of instances an edited type reached.
 */
export async function updateFigure(
  db: Db,
  actor: Actor | null,
  input: UpdateFigureInput,
  opts: { storeMedia?: () => Promise<{ imageUrl?: string; welcomeVideoUrl?: string }> } = {},
) {
  assertRole(actor, ["admin"]);
  await assertStaffCityOf(db, actor, "figure", input.id);
  if (opts.storeMedia) {
    // New files are stored only for a figure that exists.
    const [exists] = await db.select({ id: boonees.id }).from(boonees).where(eq(boonees.id, input.id));
    if (!exists) throw new DomainError("notFound", 404);
    input = { ...input, ...(await opts.storeMedia()) };
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(boonees).where(eq(boonees.id, input.id)).for("update");
    if (!current) throw new DomainError("notFound", 404);
    assertStaffCity(actor, current.cityId);
    let values: Partial<typeof boonees.$inferInsert> = {
      ...figureColumns(input),
      ...(input.imageUrl ? { imageUrl: input.imageUrl } : {}),
      ...(input.welcomeVideoUrl ? { welcomeVideoUrl: input.welcomeVideoUrl } : {}),
    };
    const [type] = current.typeId ? await tx.select().from(boonees).where(eq(boonees.id, current.typeId)) : [];
    if (type) values = { ...values, ...typeValues(type, input.inherit ?? []) };
    const moved = input.cityId !== undefined && input.cityId !== current.cityId;
    if (moved) {
      if (type) throw new DomainError("cityOfType", 422);
      await assertMovable(tx, current.id, input.cityId!);
      values = { ...values, cityId: input.cityId };
    }
    const overriddenFields = type ? overriddenColumns(type, { ...current, ...values }) : current.overriddenFields;
    const [row] = await tx
      .update(boonees)
      .set({
        ...values,
        overriddenFields,
        ...(input.placementNote !== undefined ? { placementNote: input.placementNote } : {}),
      })
      .where(eq(boonees.id, input.id))
      .returning();
    // A figure of a waiting drop stays Hidden until the release (the rollback undoes the update).
    if ((await figuresBreakingStatusRules(tx, [row.id])).length > 0) throw new DomainError("inWaitingDrop", 409);
    if (moved && !row.typeId) await tx.update(boonees).set({ cityId: row.cityId }).where(eq(boonees.typeId, row.id));
    const reached = row.typeId ? 0 : await propagateToInstances(tx, row);
    await recordActivity(tx, actor, {
      action: "boonee.updated",
      objectType: "boonee",
      objectId: row.id,
      objectLabel: row.name,
      // an edited type says how many instances the change reached (0 included: none followed it)
      details: {
        ...(await figureRef(tx, row.id)),
        changes: figureChanges(current, row),
        ...(row.typeId ? {} : { reached }),
      },
    });
    return { id: row.id, name: row.name, reached };
  });
}

/**
 * A figure (and a type's instances) may move to a known city unless one of them waits in a drop: a drop
 * takes only its own city's figures (decision 053, follow-up); a released drop's figures are history.
 */
async function assertMovable(tx: Tx, figureId: string, cityId: number) {
  const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw new DomainError("cityUnknown", 404);
  const [waiting] = await queryRows<{ id: string }>(
    tx,
    sql`select d.id from drop_figures df join drops d on d.id = df.drop_id join boonees b on b.id = df.boonee_id
        where (b.id = ${figureId}::uuid or b.template_id = ${figureId}::uuid)
          and d.released_at is null and d.cancelled_at is null limit 1`,
  );
  if (waiting) throw new DomainError("inWaitingDrop", 409);
}
