import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { assertSignedIn, type Actor } from "./errors.ts";

export interface ExclusiveFeedItem {
  id: string;
  title: string;
  description: string | null;
  contentType: string;
  url: string | null;
  createdAt: string | Date;
  audience: "all" | "rarity" | "series" | "boonee" | "welcome";
  audienceRarity: string | null;
  audienceSeries: string | null;
  sourceName: string | null;
}

/**
 * What a user may see, decided by the database at read time (product decisions): items for all
 * owners (if they own any figure), for a rarity or a series they own, for a figure they own, and
 * the welcome videos of their figures. Newest first. `owns` says whether the area is unlocked.
 */
export async function getExclusiveFeed(db: DbOrTx, actor: Actor | null) {
  assertSignedIn(actor);
  const [{ owns }] = await queryRows<{ owns: boolean }>(db, sql`select exists (select 1 from boonees where owner_id = ${actor.id}) as owns`);
  if (!owns) return { owns: false, items: [] as ExclusiveFeedItem[] };
  const items = await queryRows<ExclusiveFeedItem>(
    db,
    sql`
    select c.id, c.title, c.description, c.content_type as "contentType", c.url, c.created_at as "createdAt",
           c.audience::text as audience, c.audience_rarity::text as "audienceRarity", c.audience_series as "audienceSeries", b.name as "sourceName"
    from exclusive_content c
    left join boonees b on b.id = c.boonee_id
    where c.audience = 'all'
       or (c.audience = 'rarity' and exists (select 1 from boonees o where o.owner_id = ${actor.id} and o.rarity = c.audience_rarity))
       or (c.audience = 'series' and exists (select 1 from boonees o where o.owner_id = ${actor.id} and o.series = c.audience_series))
       or (c.audience = 'boonee' and b.owner_id = ${actor.id})
    union all
    select b.id, b.name, null, 'video', b.welcome_video_url, coalesce(b.claimed_at, b.created_at), 'welcome', null, null, b.name
    from boonees b where b.owner_id = ${actor.id} and b.welcome_video_url is not null
    order by 6 desc
    limit 200`,
  );
  return { owns: true, items };
}
