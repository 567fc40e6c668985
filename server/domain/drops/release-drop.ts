import { and, eq, isNull, lte, sql } from "drizzle-orm";

import { bilingualArg, systemText } from "#shared/notification-text.ts";

import { queryRows, type Db, type DbOrTx } from "../../db/client.ts";
import { dropHints, drops } from "../../db/schema.ts";
import { enqueueWebhook } from "../../webhooks/enqueue-webhook.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { announce } from "./announce.ts";

/**
 * Releases one drop, exactly once whoever else tries at the same moment (every instance's timer):
 * one conditional UPDATE (released_at IS NULL, due, not cancelled) decides; the winner, in the same
 * transaction, sets its figures to Placed, records the activity and announces it to every collector
 * (one announcement row and one fan-out job: the cost does not grow with the collectors, decision 024).
 * Hints due by then (released at the same moment, or earlier while the drop waited) go public with it,
 * under the drop's one announcement: a collector is told once, in the bell, by push and by e-mail, not
 * once for the drop and again for its hint (decision 045). The triggers of migration 0013 tell every
 * instance (public pages, event streams, timers).
 */
export async function releaseDrop(db: Db, dropId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [drop] = await tx
      .update(drops)
      .set({ releasedAt: sql`now()` })
      .where(
        and(
          eq(drops.id, dropId),
          isNull(drops.releasedAt),
          isNull(drops.cancelledAt),
          lte(drops.releaseAt, sql`now()`),
        ),
      )
      .returning({ id: drops.id, titleDe: drops.titleDe, titleEn: drops.titleEn });
    if (!drop) return false;
    await tx.execute(sql`update boonees set status = 'Placed'
                         where id in (select boonee_id from drop_figures where drop_id = ${drop.id}) and owner_id is null and status <> 'Archived'`);
    const hints = await tx
      .update(dropHints)
      .set({ releasedAt: sql`now()` })
      .where(and(eq(dropHints.dropId, drop.id), isNull(dropHints.releasedAt), lte(dropHints.releaseAt, sql`now()`)))
      .returning({ id: dropHints.id });
    const entry = { objectType: "drop" as const, objectId: drop.id, objectLabel: drop.titleDe };
    await recordActivity(
      tx,
      null,
      { action: "drop.released", ...entry },
      ...hints.map(() => ({ action: "drop.hintReleased" as const, ...entry })),
    );
    await announce(tx, "dropReleased", systemText("dropReleased", bilingualArg(drop.titleDe, drop.titleEn)), drop.id);
    await enqueueWebhook(tx, "drop.released", { dropId: drop.id, title: { de: drop.titleDe, en: drop.titleEn } });
    return true;
  });
}

/** Publishes one hint of a released drop, exactly once (as releaseDrop), and announces it. */
export async function releaseDropHint(db: Db, hintId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [hint] = await tx
      .update(dropHints)
      .set({ releasedAt: sql`now()` })
      .where(
        and(
          eq(dropHints.id, hintId),
          isNull(dropHints.releasedAt),
          lte(dropHints.releaseAt, sql`now()`),
          sql`exists (select 1 from drops d where d.id = ${dropHints.dropId} and d.released_at is not null and d.cancelled_at is null)`,
        ),
      )
      .returning({ dropId: dropHints.dropId });
    if (!hint) return false;
    const [drop] = await tx
      .select({ titleDe: drops.titleDe, titleEn: drops.titleEn })
      .from(drops)
      .where(eq(drops.id, hint.dropId));
    await recordActivity(tx, null, {
      action: "drop.hintReleased",
      objectType: "drop",
      objectId: hint.dropId,
      objectLabel: drop.titleDe,
    });
    await announce(tx, "newHint", systemText("dropHint", bilingualArg(drop.titleDe, drop.titleEn)), hint.dropId);
    return true;
  });
}

/** Releases every drop and hint that is due (database clock); returns how many this call released. */
export async function releaseDue(db: Db): Promise<{ drops: number; hints: number }> {
  const dueDrops = await queryRows<{ id: string }>(
    db,
    sql`select id from drops where released_at is null and cancelled_at is null and release_at <= now() order by release_at`,
  );
  let releasedDrops = 0;
  for (const d of dueDrops) if (await releaseDrop(db, d.id)) releasedDrops++;
  const dueHints = await queryRows<{ id: string }>(
    db,
    sql`select h.id from drop_hints h join drops d on d.id = h.drop_id
        where h.released_at is null and h.release_at <= now() and d.released_at is not null and d.cancelled_at is null order by h.release_at`,
  );
  let releasedHints = 0;
  for (const h of dueHints) if (await releaseDropHint(db, h.id)) releasedHints++;
  return { drops: releasedDrops, hints: releasedHints };
}

/** Milliseconds (database clock) until the next drop or hint is due; null when none waits. */
export async function msUntilNextDue(db: DbOrTx): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | null }>(
    db,
    sql`select (extract(epoch from (min(t) - now())) * 1000)::float8 as ms from (
          select release_at as t from drops where released_at is null and cancelled_at is null
          union all
          select greatest(h.release_at, d.release_at) from drop_hints h join drops d on d.id = h.drop_id
          where h.released_at is null and d.cancelled_at is null) due`,
  );
  return row?.ms == null ? null : Math.max(0, Number(row.ms));
}
