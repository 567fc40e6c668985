import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

export interface ExclusiveFeedItem {
  id: string;
  title: string;
  description: string | null;
  /** The English title and text (null: none written, readers get the German ones). */
  titleEn: string | null;
  descriptionEn: string | null;
  contentType: string;
  url: string | null;
  createdAt: string | Date;
  audience: "all" | "rarity" | "series" | "boonee" | "welcome";
  audienceRarity: string | null;
  audienceSeries: string | null;
  sourceName: string | null;
}

export const FEED_LIMIT = 200;

/**
 * The feed query: one branch per audience, each read from an index in created_at order and cut at
 * the limit, so the work grows with what the user owns, not with everything ever broadcast:
 * "all owners" items and items for each rarity and each series the user owns (partial indexes
 * exclusive_content_all_idx / _rarity_idx / _series_idx, migration 0005), items for each owned
 * figure (exclusive_content_boonee_idx) and the welcome videos of owned figures (boonees_owner_idx).
 * tests/integration/collector-indexes.test.ts checks the plan; bench/notifications.ts times it.
 * An item with a figure is only ever that figure's owner's, whatever its audience says.
 */
export function exclusiveFeedQuery(userId: string, limit = FEED_LIMIT) {
  const columns = (audience: string) =>
    sql.raw(`c.id, c.title, c.description, c.title_en as "titleEn", c.description_en as "descriptionEn", c.content_type::text as "contentType", c.url, c.created_at as "createdAt",
    ${audience} as audience, c.audience_rarity::text as "audienceRarity", c.audience_series as "audienceSeries"`);
  const own = columns("c.audience::text");
  return sql`
    with mine as materialized (
      select id, name, rarity, series, welcome_video_url, coalesce(claimed_at, created_at) as since
      from boonees where owner_id = ${userId}
    )
    select * from (
      (select ${own}, null::text as "sourceName"
         from exclusive_content c
        where c.audience = 'all' and c.boonee_id is null and c.retracted_at is null
        order by c.created_at desc limit ${limit})
      union all
      (select x.* from (select distinct rarity from mine) r cross join lateral (
         select ${own}, null::text as "sourceName"
           from exclusive_content c
          where c.audience = 'rarity' and c.audience_rarity = r.rarity and c.boonee_id is null and c.retracted_at is null
          order by c.created_at desc limit ${limit}) x)
      union all
      (select x.* from (select distinct series from mine where series is not null) s cross join lateral (
         select ${own}, null::text as "sourceName"
           from exclusive_content c
          where c.audience = 'series' and c.audience_series = s.series and c.boonee_id is null and c.retracted_at is null
          order by c.created_at desc limit ${limit}) x)
      union all
      (select x.* from mine m cross join lateral (
         select ${columns("'boonee'::text")}, m.name as "sourceName"
           from exclusive_content c
          where c.boonee_id = m.id and c.retracted_at is null
          order by c.created_at desc limit ${limit}) x)
      union all
      (select m.id, m.name, null, null, null, 'video', m.welcome_video_url, m.since, 'welcome', null, null, m.name
         from mine m where m.welcome_video_url is not null)
    ) feed
    order by "createdAt" desc, id
    limit ${limit}`;
}

/**
 * The same rule as exclusiveFeedQuery, for one exclusive_content row aliased `c`: an item with a
 * figure is its owner's; otherwise "all" needs any owned figure, "rarity"/"series" one of that
 * rarity/series. Used where one item is checked (its uploaded file: server/domain/media-access.ts).
 */
export function exclusiveItemVisibleTo(userId: string) {
  return sql`c.retracted_at is null and (case when c.boonee_id is not null
      then exists (select 1 from boonees b where b.id = c.boonee_id and b.owner_id = ${userId})
      else (c.audience = 'all' and exists (select 1 from boonees b where b.owner_id = ${userId}))
        or (c.audience = 'rarity' and exists (select 1 from boonees b where b.owner_id = ${userId} and b.rarity = c.audience_rarity))
        or (c.audience = 'series' and exists (select 1 from boonees b where b.owner_id = ${userId} and b.series = c.audience_series))
    end)`;
}

/**
 * What a user may see, decided by the database at read time (product decisions): items for all
 * owners (if they own any figure), for a rarity or a series they own, for a figure they own, and
 * the welcome videos of their figures. Newest first. `owns` says whether the area is unlocked.
 */
export async function getExclusiveFeed(db: DbOrTx, actor: Actor | null) {
  assertSignedIn(actor);
  const [{ owns }] = await queryRows<{ owns: boolean }>(
    db,
    sql`select exists (select 1 from boonees where owner_id = ${actor.id}) as owns`,
  );
  if (!owns) return { owns: false, items: [] as ExclusiveFeedItem[] };
  const items = await queryRows<ExclusiveFeedItem>(db, exclusiveFeedQuery(actor.id));
  return { owns: true, items };
}
