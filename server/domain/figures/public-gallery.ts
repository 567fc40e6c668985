import { sql, type SQL } from "drizzle-orm";

import type { GallerySearch } from "#shared/schemas/gallery.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";

export const GALLERY_PAGE_SIZE = 48;

/** A LIKE pattern that matches `q` anywhere, with LIKE's wildcards (% _ \) taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface GalleryCard {
  id: string;
  name: string;
  imageUrl: string | null;
  rarity: "Common" | "Rare" | "Legendary";
  series: string | null;
  totalInstances: number;
  claimedCount: number;
}

/**
 * One page of the public gallery: one card per figure type from the boonee_gallery view (public
 * figures only), newest drop first; optional case-insensitive search on name or series and a rarity.
 * The view reads trigger-maintained counters (migration 0002), so a page costs one index scan. With
 * `cityId`, only that city's figures (decision 053).
 */
export async function listGallery(
  db: DbOrTx,
  search: GallerySearch,
  cityId: number | null = null,
): Promise<{ cards: GalleryCard[]; page: number; hasMore: boolean }> {
  const where: SQL[] = [];
  // A type and its instances share a city (createFigure), so the card's figure names it.
  if (cityId !== null) where.push(sql`display_boonee_id in (select id from boonees where city_id = ${cityId})`);
  if (search.q) {
    const pattern = containsPattern(search.q);
    where.push(sql`(name ilike ${pattern} or series ilike ${pattern})`);
  }
  if (search.rarity) where.push(sql`rarity = ${search.rarity}`);
  const offset = (search.page - 1) * GALLERY_PAGE_SIZE;
  const rows = await queryRows<{
    id: string;
    name: string;
    image_url: string | null;
    rarity: GalleryCard["rarity"];
    series: string | null;
    total_instances: number;
    claimed_count: number;
  }>(
    db,
    sql`select display_boonee_id as id, name, image_url, rarity, series, total_instances, claimed_count
        from boonee_gallery
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by latest_drop_date desc, display_boonee_id
        limit ${GALLERY_PAGE_SIZE + 1} offset ${offset}`,
  );
  return {
    cards: rows.slice(0, GALLERY_PAGE_SIZE).map((r) => ({
      id: r.id,
      name: r.name,
      imageUrl: r.image_url,
      rarity: r.rarity,
      series: r.series,
      totalInstances: Number(r.total_instances),
      claimedCount: Number(r.claimed_count),
    })),
    page: search.page,
    hasMore: rows.length > GALLERY_PAGE_SIZE,
  };
}
