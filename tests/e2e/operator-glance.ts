import { inArray } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { drop as dropRow } from "../support/factories.ts";
import { db, seedFigure, unique } from "./fixtures.ts";

/**
 * A drop released just now, with `found` of its `total` figures found: the newest released drop, so
 * the live one the dashboard and the landing page show.
 */
export async function liveDrop(total: number, found: number, ownerId: string) {
  const title = `Live am Markt ${unique()}`;
  const figures = [];
  for (let i = 0; i < total; i++) figures.push(await seedFigure(i < found ? { status: "Found", ownerId } : {}));
  const drop = await dropRow(db, {
    titleDe: title,
    titleEn: `${title} EN`,
    releaseAt: new Date(Date.now() - 60_000),
    releasedAt: new Date(),
    figureIds: figures.map((f) => f.id),
  });
  return { ...drop, figures };
}

/** A drop planned `minutes` ahead with `total` new figures. */
export async function waitingDrop(minutes: number, total: number) {
  const title = `Bald an der Mühle ${unique()}`;
  const figures = [];
  for (let i = 0; i < total; i++) figures.push(await seedFigure());
  const drop = await dropRow(db, {
    titleDe: title,
    titleEn: `Soon at the mill ${unique()}`,
    releaseAt: new Date(Date.now() + minutes * 60_000),
    figureIds: figures.map((f) => f.id),
  });
  return { ...drop, figures };
}

/** Takes the test's drops away again (their figures stay, free), so other tests see the drops they plan themselves. */
export async function removeDrops(dropIds: string[]) {
  await db.delete(schema.dropFigures).where(inArray(schema.dropFigures.dropId, dropIds));
  await db.delete(schema.drops).where(inArray(schema.drops.id, dropIds));
}
