import { sql } from "drizzle-orm";

import { queryRows, type Db } from "../db/client.ts";
import { followsDropCitySql } from "../db/followed-drop-sql.ts";
import { CHANNEL_ROWS, wantsChannelSql } from "./wants-channel.ts";

export interface FanOutOptions {
  /** Profiles walked per transaction. */
  batchSize?: number;
  /** Tests only: runs inside the batch's transaction after its jobs were inserted, before the cursor moves. */
  afterInsert?: () => Promise<void> | void;
}

export interface FanOutBatch {
  announcementId: string;
  walked: number;
  queued: number;
  done: boolean;
}

/**
 * One batch of the push / e-mail fan-out of an announcement to everyone (docs/decisions/024): claims
 * the oldest unfinished fan-out job with FOR UPDATE SKIP LOCKED (instances share them, each batch is
 * one instance's), walks the next batchSize profiles by id after its cursor, queues one delivery job
 * per profile × channel that wants the kind there (as enqueueDeliveries: decision 018) and follows the
 * drop's city (decision 053), and advances
 * the cursor — all in one transaction. An instance killed mid-way rolls its batch back and the next
 * takes the job up where the last commit left it; the unique (announcement, user, channel) index is the
 * second guard, so nobody is told twice. Returns null when no fan-out waits.
 */
export async function fanOutOnce(db: Db, opts: FanOutOptions = {}): Promise<FanOutBatch | null> {
  const batchSize = opts.batchSize ?? 2_000;
  return db.transaction(async (tx) => {
    const [job] = await queryRows<{ id: string; announcement_id: string; kind: string; cursor: string | null }>(
      tx,
      sql`select id, announcement_id, kind, cursor from fanout_jobs where done_at is null order by created_at limit 1 for update skip locked`,
    );
    if (!job) return null;
    const [batch] = await queryRows<{ last: string | null; walked: number; queued: number }>(
      tx,
      sql`with walked as (
            select id, created_at, deleted_at, blocked_at from profiles
            where ${job.cursor === null ? sql`true` : sql`id > ${job.cursor}`}
            order by id limit ${batchSize}),
          queued as (
            insert into delivery_jobs (announcement_id, user_id, channel, kind, title, message, link, drop_id)
            select a.id, w.id, c.channel, a.kind, a.title, a.message, a.link, a.drop_id
            from walked w
            join announcements a on a.id = ${job.announcement_id}::uuid
            cross join ${CHANNEL_ROWS}
            where w.deleted_at is null and w.blocked_at is null and w.created_at < a.created_at
              and ${wantsChannelSql(sql`w.id`, sql`a.kind`, sql`c.channel`)}
              and ${followsDropCitySql(sql`w.id`, sql`a.drop_id`)}
            on conflict do nothing
            returning 1)
          select (select max(id) from walked) as last, (select count(*) from walked)::int as walked, (select count(*) from queued)::int as queued`,
    );
    await opts.afterInsert?.();
    const done = batch.walked < batchSize;
    await tx.execute(
      sql`update fanout_jobs set cursor = coalesce(${batch.last}, cursor), done_at = ${done ? sql`now()` : sql`null`} where id = ${job.id}`,
    );
    return { announcementId: job.announcement_id, walked: batch.walked, queued: batch.queued, done };
  });
}
