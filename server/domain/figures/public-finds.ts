import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicFigureSql } from "../../db/figure-status-sql.ts";
import { publicNameSql } from "../../db/public-name.ts";

export const FINDS_PAGE_SIZE = 50;

export interface PublicFind {
  claimId: string;
  figureId: string;
  figureName: string;
  rarity: "Common" | "Rare" | "Legendary";
  foundAt: string;
  /** Minutes from its drop's release (or, outside a drop, from its placing) to the find; null for a find before it was placed. */
  afterMinutes: number | null;
  /** null: 'Anonymous' (no name, or the account was deleted or blocked). */
  finder: string | null;
  /** The released drop it came out with. */
  dropId: string | null;
}

/** Where the previous page ended: the last find's time (as the database wrote it, to the microsecond) and claim id. */
export interface FindsCursor {
  at: string;
  id: string;
}

/**
 * The finds of public figures, newest first, as the figure biographies tell them (server/domain/figures/figure-life.ts):
 * every claim but a rejected one, the finder's public name, the time since its released drop or its placing.
 * Nothing of a waiting drop (its figures are Hidden, so not public) and never a code, an e-mail or an account id.
 * With `cityId`, the finds of that city's figures only (decision 053).
 */
export async function listPublicFinds(
  db: DbOrTx,
  after: FindsCursor | null,
  limit = FINDS_PAGE_SIZE,
  cityId: number | null = null,
): Promise<{ finds: PublicFind[]; next: FindsCursor | null }> {
  const rows = await queryRows<{
    id: string;
    claimed_at: Date | string;
    at: string;
    figure_id: string;
    name: string;
    rarity: PublicFind["rarity"];
    placed_at: Date | string | null;
    drop_id: string | null;
    released_at: Date | string | null;
    finder: string | null;
  }>(
    db,
    sql`select c.id, c.claimed_at, c.claimed_at::text as at, b.id as figure_id, b.name, b.rarity, b.placed_at, d.id as drop_id, d.released_at,
               ${publicNameSql("p")} as finder
        from claims c join boonees b on b.id = c.boonee_id
        left join profiles p on p.id = c.user_id
        left join drop_figures df on df.boonee_id = b.id
        left join drops d on d.id = df.drop_id and d.released_at is not null and d.cancelled_at is null
        where c.status <> 'rejected' and ${publicFigureSql(sql`b.status`)}
          ${cityId === null ? sql`` : sql`and b.city_id = ${cityId}`}
          ${after ? sql`and (c.claimed_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by c.claimed_at desc, c.id desc
        limit ${limit + 1}`,
  );
  const minutes = (from: Date | string, to: Date | string) =>
    Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);
  const finds = rows.slice(0, limit).map((r): PublicFind => ({
    claimId: r.id,
    figureId: r.figure_id,
    figureName: r.name,
    rarity: r.rarity,
    foundAt: new Date(r.claimed_at).toISOString(),
    afterMinutes: r.released_at
      ? Math.max(0, minutes(r.released_at, r.claimed_at))
      : r.placed_at && minutes(r.placed_at, r.claimed_at) >= 0
        ? minutes(r.placed_at, r.claimed_at)
        : null,
    finder: r.finder,
    dropId: r.drop_id && r.released_at ? r.drop_id : null,
  }));
  const last = rows[limit - 1];
  return { finds, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}
