import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../db/client.ts";

export interface DeliveryCounts {
  sent: number;
  pending: number;
  failed: number;
}

/** Push and e-mail deliveries of broadcasts: sent to N, pending M, failed K (skipped ones are none of these). */
export async function countDeliveries(db: DbOrTx, contentIds: string[]): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  if (contentIds.length === 0) return counts;
  const rows = await queryRows<{ contentId: string; sent: number; pending: number; failed: number }>(
    db,
    sql`select content_id as "contentId",
          count(*) filter (where status = 'sent' and sent_at is not null)::int as sent,
          count(*) filter (where status in ('pending', 'claimed', 'sending'))::int as pending,
          count(*) filter (where status = 'failed')::int as failed
        from delivery_jobs where content_id = any(${sql.param(contentIds)}::uuid[]) group by content_id`,
  );
  for (const r of rows) counts.set(r.contentId, { sent: r.sent, pending: r.pending, failed: r.failed });
  return counts;
}
