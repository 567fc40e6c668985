import { and, eq, isNull } from "drizzle-orm";

import type { Db } from "../../db/client.ts";
import { dropHints } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCityOf } from "../staff-scope.ts";
import { lockDrop } from "./save-drop.ts";

/** An admin adds a later hint to a drop (also after its release); it is published at its own time. */
export async function addDropHint(
  db: Db,
  actor: Actor | null,
  input: { dropId: string; textDe: string; textEn: string; releaseAt: Date },
) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const drop = await lockDrop(tx, input.dropId, actor);
    const [hint] = await tx.insert(dropHints).values(input).returning({ id: dropHints.id });
    await recordActivity(tx, actor, {
      action: "drop.hintAdded",
      objectType: "drop",
      objectId: drop.id,
      objectLabel: drop.titleDe,
    });
    return hint;
  });
}

/** An admin fixes a hint's texts (released or not). */
export async function editDropHint(
  db: Db,
  actor: Actor | null,
  input: { hintId: string; textDe: string; textEn: string },
) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(dropHints)
      .set({ textDe: input.textDe, textEn: input.textEn })
      .where(eq(dropHints.id, input.hintId))
      .returning({ dropId: dropHints.dropId });
    if (!row) throw new DomainError("notFound", 404);
    await assertStaffCityOf(tx, actor, "drop", row.dropId); // refused: the transaction undoes the edit
    await recordActivity(tx, actor, {
      action: "drop.edited",
      objectType: "drop",
      objectId: row.dropId,
      objectLabel: null,
    });
  });
}

/** An admin removes a hint that has not been published yet. */
export async function removeDropHint(db: Db, actor: Actor | null, input: { hintId: string }) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(dropHints)
      .where(and(eq(dropHints.id, input.hintId), isNull(dropHints.releasedAt)))
      .returning({ dropId: dropHints.dropId });
    if (!row) throw new DomainError("hintReleased", 409);
    await assertStaffCityOf(tx, actor, "drop", row.dropId); // refused: the transaction undoes the removal
    await recordActivity(tx, actor, {
      action: "drop.hintRemoved",
      objectType: "drop",
      objectId: row.dropId,
      objectLabel: null,
    });
  });
}
