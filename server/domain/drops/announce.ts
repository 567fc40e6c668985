import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";

export type AnnouncementKind = "dropReleased" | "newHint";

/**
 * Tells every collector about a drop or a hint, in the caller's transaction, at a cost that does not
 * grow with the number of collectors (docs/decisions/024): ONE announcement row (every bell reads it,
 * fan-out on read) and ONE fan-out job (the delivery worker queues the push / e-mail jobs in batches
 * afterwards). The insert trigger (migration 0019) raises the connected bells on commit.
 */
export async function announce(tx: DbOrTx, kind: AnnouncementKind, title: string, dropId: string): Promise<string> {
  const message = title.replace(/^@(\w+):/, "@$1Message:");
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with a as (
          insert into announcements (kind, title, message, link, drop_id)
          values (${kind}, ${title}, ${message}, ${`/drops/${dropId}`}, ${dropId}::uuid)
          returning id, kind)
        insert into fanout_jobs (announcement_id, kind) select id, kind from a
        returning announcement_id as id`,
  );
  return row.id;
}
