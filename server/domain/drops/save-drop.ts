import { and, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";

import type { Db, Tx } from "../../db/client.ts";
import { boonees, cities, dropFigures, dropHints, drops, FIRST_CITY_ID } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity } from "../staff-scope.ts";

export interface DropTexts {
  titleDe: string;
  titleEn: string;
  descriptionDe: string;
  descriptionEn: string;
  areaDe: string;
  areaEn: string;
  /** The drop's city (decision 053); absent: unchanged on an edit, the first city on a new drop. */
  cityId?: number;
}

export interface DropSchedule extends DropTexts {
  releaseAt: Date;
  figureIds: string[];
}

/** Reads the drop under a row lock (so a release cannot run between our check and our write). */
async function lockDrop(tx: Tx, id: string, actor: Actor) {
  const [drop] = await tx.select().from(drops).where(eq(drops.id, id)).for("update");
  if (!drop) throw new DomainError("notFound", 404);
  assertStaffCity(actor, drop.cityId);
  if (drop.cancelledAt) throw new DomainError("dropCancelled", 409);
  return drop;
}

/**
 * Puts figures into a waiting drop: each must be in the drop's city (decision 053), unowned, not Archived
 * and in no other drop. They
 * become Hidden (nothing of a drop is public before its release); their status is kept to give back.
 * Figures no longer chosen get their status back.
 */
async function setFigures(tx: Tx, dropId: string, cityId: number, figureIds: string[], actor: Actor) {
  const current = await tx
    .select({ figureId: dropFigures.figureId, previousStatus: dropFigures.previousStatus })
    .from(dropFigures)
    .where(eq(dropFigures.dropId, dropId));
  const removed = current.filter((c) => !figureIds.includes(c.figureId));
  for (const r of removed) await tx.update(boonees).set({ status: r.previousStatus }).where(eq(boonees.id, r.figureId));
  if (removed.length)
    await tx.delete(dropFigures).where(
      and(
        eq(dropFigures.dropId, dropId),
        inArray(
          dropFigures.figureId,
          removed.map((r) => r.figureId),
        ),
      ),
    );
  await assertFiguresInCity(tx, figureIds, cityId);
  const added = figureIds.filter((id) => !current.some((c) => c.figureId === id));
  if (!added.length) return;
  const rows = await tx
    .select({
      id: boonees.id,
      status: boonees.status,
      ownerId: boonees.ownerId,
      inDrop: dropFigures.dropId,
      cityId: boonees.cityId,
    })
    .from(boonees)
    .leftJoin(dropFigures, eq(dropFigures.figureId, boonees.id))
    .where(inArray(boonees.id, added))
    .for("update", { of: boonees });
  if (rows.length !== added.length) throw new DomainError("figureUnknown", 404);
  for (const r of rows) assertStaffCity(actor, r.cityId);
  if (rows.some((r) => r.ownerId || r.status === "Archived")) throw new DomainError("figureTaken", 409);
  if (rows.some((r) => r.inDrop)) throw new DomainError("figureInOtherDrop", 409);
  await tx.insert(dropFigures).values(rows.map((r) => ({ dropId, figureId: r.id, previousStatus: r.status })));
  await tx
    .update(boonees)
    .set({ status: "Hidden" })
    .where(and(inArray(boonees.id, added), isNull(boonees.ownerId)));
}

/** Every chosen figure lies in the drop's city (a drop is announced to that city's followers). */
async function assertFiguresInCity(tx: Tx, figureIds: string[], cityId: number) {
  if (!figureIds.length) return;
  const elsewhere = await tx
    .select({ id: boonees.id })
    .from(boonees)
    .where(and(inArray(boonees.id, figureIds), ne(boonees.cityId, cityId)))
    .limit(1);
  if (elsewhere.length) throw new DomainError("figureInOtherCity", 422);
}

async function assertCity(tx: Tx, cityId: number) {
  const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw new DomainError("cityUnknown", 404);
}

async function assertFuture(tx: Tx, at: Date) {
  const [row] = await tx
    .execute<{ future: boolean }>(sql`select ${at.toISOString()}::timestamptz > now() as future`)
    .then((r) => (r as unknown as { rows: { future: boolean }[] }).rows);
  if (!row?.future) throw new DomainError("releaseInPast", 422);
}

/**
 * An admin schedules a new drop (texts, figures, release time; the hint photo when given). `copyOf`
 * duplicates another drop's hint photo (unless a new one is given) and its hints, each as long after
 * the new release as it was after the old one.
 */
export async function createDrop(
  db: Db,
  actor: Actor | null,
  input: DropSchedule & { hintImageUrl?: string | null; copyOf?: string | null },
) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    await assertFuture(tx, input.releaseAt);
    if (input.cityId !== undefined) await assertCity(tx, input.cityId);
    assertStaffCity(actor, input.cityId ?? FIRST_CITY_ID);
    const { figureIds, copyOf, ...values } = input;
    const [original] = copyOf ? await tx.select().from(drops).where(eq(drops.id, copyOf)) : [];
    if (copyOf && !original) throw new DomainError("notFound", 404);
    if (original) assertStaffCity(actor, original.cityId);
    const [drop] = await tx
      .insert(drops)
      .values({ ...values, hintImageUrl: values.hintImageUrl ?? original?.hintImageUrl ?? null })
      .returning({ id: drops.id, titleDe: drops.titleDe, cityId: drops.cityId });
    if (original) {
      const shift = input.releaseAt.getTime() - original.releaseAt.getTime();
      const hints = await tx.select().from(dropHints).where(eq(dropHints.dropId, original.id));
      if (hints.length)
        await tx.insert(dropHints).values(
          hints.map((h) => ({
            dropId: drop.id,
            textDe: h.textDe,
            textEn: h.textEn,
            releaseAt: new Date(Math.max(h.releaseAt.getTime() + shift, input.releaseAt.getTime())),
          })),
        );
    }
    await setFigures(tx, drop.id, drop.cityId, figureIds, actor);
    await recordActivity(tx, actor, {
      action: "drop.scheduled",
      objectType: "drop",
      objectId: drop.id,
      objectLabel: drop.titleDe,
    });
    return { id: drop.id };
  });
}

/**
 * An admin edits a drop. Before its release: texts, figures and release time; after it, only the
 * texts and the hint photo (a released drop's figures and time are history). Cancelled: refused.
 */
export async function editDrop(
  db: Db,
  actor: Actor | null,
  input: DropTexts & { id: string; hintImageUrl?: string; releaseAt?: Date; figureIds?: string[] },
) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const drop = await lockDrop(tx, input.id, actor);
    const { id, figureIds, releaseAt, hintImageUrl, cityId, ...texts } = input;
    const waiting = !drop.releasedAt;
    if (waiting && releaseAt && releaseAt.getTime() !== drop.releaseAt.getTime()) await assertFuture(tx, releaseAt);
    // A released drop stays in its city (its announcement went to that city's followers).
    if (waiting && cityId !== undefined) {
      await assertCity(tx, cityId);
      assertStaffCity(actor, cityId);
    }
    await tx
      .update(drops)
      .set({
        ...texts,
        ...(hintImageUrl ? { hintImageUrl } : {}),
        ...(waiting && releaseAt ? { releaseAt } : {}),
        ...(waiting && cityId !== undefined ? { cityId } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(drops.id, id));
    if (waiting && (figureIds || cityId !== undefined)) {
      if (figureIds && !figureIds.length) throw new DomainError("noFigures", 422);
      // a new city without a new choice: the drop's figures must still be in it
      const chosen =
        figureIds ??
        (await tx.select({ id: dropFigures.figureId }).from(dropFigures).where(eq(dropFigures.dropId, id))).map(
          (f) => f.id,
        );
      await setFigures(tx, id, cityId ?? drop.cityId, chosen, actor);
    }
    await recordActivity(tx, actor, {
      action: "drop.edited",
      objectType: "drop",
      objectId: id,
      objectLabel: texts.titleDe,
    });
    return { id };
  });
}

/**
 * An admin cancels a drop before its release: its figures get their status back (and are free for
 * another drop), nothing is announced. The drop remembers which figures it had, for the list and a duplicate.
 */
export async function cancelDrop(db: Db, actor: Actor | null, input: { dropId: string }) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const drop = await lockDrop(tx, input.dropId, actor);
    if (drop.releasedAt) throw new DomainError("dropReleased", 409);
    const figures = await tx.select().from(dropFigures).where(eq(dropFigures.dropId, drop.id));
    await tx
      .update(drops)
      .set({ cancelledAt: sql`now()`, updatedAt: sql`now()`, cancelledFigureIds: figures.map((f) => f.figureId) })
      .where(eq(drops.id, drop.id));
    for (const f of figures)
      await tx
        .update(boonees)
        .set({ status: f.previousStatus })
        .where(and(eq(boonees.id, f.figureId), notInArray(boonees.status, ["Archived"])));
    await tx.delete(dropFigures).where(eq(dropFigures.dropId, drop.id));
    await recordActivity(tx, actor, {
      action: "drop.cancelled",
      objectType: "drop",
      objectId: drop.id,
      objectLabel: drop.titleDe,
    });
  });
}

export { lockDrop };
