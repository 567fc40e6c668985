import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";

export const LEADERBOARD_SIZE = 10;

export interface LeaderboardRow {
  rank: number;
  /** null: no name given, shown as 'Anonymous' (deleted and blocked accounts are not listed at all). */
  name: string | null;
  count: number;
  /** the signed-in viewer's own row */
  mine: boolean;
}

/**
 * The two public leaderboards, top 10 each: Collectors by figures owned and Legends by Legendary
 * figures owned (public figures only). Ties: whoever reached the count first (earlier latest
 * claimed_at) ranks first; then the account id, so the order never flickers. `mine` marks the
 * signed-in viewer's rows (never set for a signed-out page, which the page cache shares). Deleted and
 * blocked accounts are left out, ranks are counted without them (decision 040). Reads the
 * trigger-maintained owner_counts (migrations 0002, 0030: `listed`) through its ordered indexes of listed
 * rows, so ten rows are read however many accounts left. No ids or e-mails.
 */
export async function getLeaderboards(
  db: DbOrTx,
  viewerId: string | null = null,
): Promise<{ collectors: LeaderboardRow[]; legends: LeaderboardRow[] }> {
  const [collectors, legends] = await Promise.all([
    queryRows<{ name: string | null; count: number; mine: boolean }>(
      db,
      sql`select p.name, o.owned as count, o.user_id = ${viewerId} as mine
          from owner_counts o join profiles p on p.id = o.user_id
          where o.owned > 0 and o.listed
          order by o.owned desc, o.owned_at asc, o.user_id
          limit ${LEADERBOARD_SIZE}`,
    ),
    queryRows<{ name: string | null; count: number; mine: boolean }>(
      db,
      sql`select p.name, o.legendary as count, o.user_id = ${viewerId} as mine
          from owner_counts o join profiles p on p.id = o.user_id
          where o.legendary > 0 and o.listed
          order by o.legendary desc, o.legendary_at asc, o.user_id
          limit ${LEADERBOARD_SIZE}`,
    ),
  ]);
  const ranked = (rows: { name: string | null; count: number; mine: boolean }[]) =>
    rows.map((r, i) => ({
      rank: i + 1,
      name: r.name && r.name.trim() !== "" ? r.name : null,
      count: Number(r.count),
      mine: r.mine === true,
    }));
  return { collectors: ranked(collectors), legends: ranked(legends) };
}
