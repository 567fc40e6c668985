import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicFigureSql } from "../../db/figure-status-sql.ts";
import { publicNameSql } from "../../db/public-name.ts";
import { scopeSql, type CityScope } from "./city-scope.ts";

export const LEADERBOARD_SIZE = 10;

export interface LeaderboardRow {
  rank: number;
  /** null: no name given or hidden by its owner, shown as 'Anonymous' (deleted and blocked accounts are not listed at all). */
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
  scope: CityScope = null,
): Promise<{ collectors: LeaderboardRow[]; legends: LeaderboardRow[] }> {
  const [collectors, legends] = await Promise.all(
    scope
      ? [scopedBoard(db, viewerId, scope, false), scopedBoard(db, viewerId, scope, true)]
      : globalBoards(db, viewerId),
  );
  const ranked = (rows: { name: string | null; count: number; mine: boolean }[]) =>
    rows.map((r, i) => ({
      rank: i + 1,
      name: r.name && r.name.trim() !== "" ? r.name : null,
      count: Number(r.count),
      mine: r.mine === true,
    }));
  return { collectors: ranked(collectors), legends: ranked(legends) };
}

type BoardRow = { name: string | null; count: number; mine: boolean };

/**
 * One city's or one country's board (decision 053): counted from the figures of the scope (boonees_city_idx),
 * the same rules as the global counters (public figures, the later of claim and creation breaks ties,
 * unlisted accounts left out). Not kept by a trigger: a city's figures are a few thousand at most.
 */
function scopedBoard(db: DbOrTx, viewerId: string | null, scope: Exclude<CityScope, null>, legendary: boolean) {
  return queryRows<BoardRow>(
    db,
    sql`select ${publicNameSql("p")} as name, x.count, x.user_id = ${viewerId} as mine from (
          select owner_id as user_id, count(*)::int as count, max(coalesce(claimed_at, created_at)) as reached_at
          from boonees
          where owner_id is not null and ${publicFigureSql()} and ${scopeSql(scope)}
            ${legendary ? sql`and rarity = 'Legendary'` : sql``}
          group by owner_id
        ) x join profiles p on p.id = x.user_id
        where exists (select 1 from owner_counts o where o.user_id = x.user_id and o.listed)
        order by x.count desc, x.reached_at asc, x.user_id
        limit ${LEADERBOARD_SIZE}`,
  );
}

function globalBoards(db: DbOrTx, viewerId: string | null) {
  return [
    queryRows<{ name: string | null; count: number; mine: boolean }>(
      db,
      sql`select ${publicNameSql("p")} as name, o.owned as count, o.user_id = ${viewerId} as mine
          from owner_counts o join profiles p on p.id = o.user_id
          where o.owned > 0 and o.listed
          order by o.owned desc, o.owned_at asc, o.user_id
          limit ${LEADERBOARD_SIZE}`,
    ),
    queryRows<{ name: string | null; count: number; mine: boolean }>(
      db,
      sql`select ${publicNameSql("p")} as name, o.legendary as count, o.user_id = ${viewerId} as mine
          from owner_counts o join profiles p on p.id = o.user_id
          where o.legendary > 0 and o.listed
          order by o.legendary desc, o.legendary_at asc, o.user_id
          limit ${LEADERBOARD_SIZE}`,
    ),
  ] as const;
}
