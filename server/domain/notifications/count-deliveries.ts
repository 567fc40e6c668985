import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";

export interface DeliveryCounts {
  sent: number;
  pending: number;
  failed: number;
}

/** What the jobs announce: a broadcast (content_id) or a drop, its release and hints (drop_id). */
const ANNOUNCED = { broadcast: sql.raw("content_id"), drop: sql.raw("drop_id") } as const;

/**
 * Push and e-mail deliveries per broadcast or per drop: sent to N, pending M, failed K (skipped ones
 * are none of these). One grouped query on the partial index of that column.
 */
export async function countDeliveries(
  db: DbOrTx,
  of: keyof typeof ANNOUNCED,
  ids: string[],
): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  if (ids.length === 0) return counts;
  const column = ANNOUNCED[of];
  const rows = await queryRows<{ id: string; sent: number; pending: number; failed: number }>(
    db,
    sql`select ${column} as id,
          count(*) filter (where status = 'sent' and sent_at is not null)::int as sent,
          count(*) filter (where status in ('pending', 'claimed', 'sending'))::int as pending,
          count(*) filter (where status = 'failed')::int as failed
        from delivery_jobs where ${column} = any(${sql.param(ids)}::uuid[]) group by ${column}`,
  );
  for (const r of rows) counts.set(r.id, { sent: r.sent, pending: r.pending, failed: r.failed });
  return counts;
}
