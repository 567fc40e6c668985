import { and, count, desc, eq, or, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { contains } from "../../db/like-pattern.ts";
import { pageOf } from "../../db/paging.ts";
import { boonees, booneeStories, profiles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

export const STORIES_PAGE_SIZE = 20;

export interface ModeratedPhoto {
  id: string;
  url: string;
  hidden: boolean;
  /** Reports not yet reviewed (hiding or showing the photo reviews them). */
  openReports: number;
}

/** Stories with a photo someone reported (not yet reviewed). */
const hasOpenPhotoReports = sql<boolean>`exists (select 1 from story_photos p join story_photo_reports r on r.photo_id = p.id
  where p.story_id = ${booneeStories.id} and r.reviewed_at is null)`;

/**
 * Finder stories for moderation, hidden ones included: those with reported photos first, then newest
 * first. Each with its photos (hidden ones too, marked) and their open report counts.
 */
export async function listStories(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number }) {
  assertRole(actor, ["admin", "moderator"]);
  const q = query.q?.trim();
  const where = and(
    q ? or(contains(booneeStories.title, q), contains(booneeStories.story, q), contains(boonees.name, q)) : undefined,
    inStaffCities(actor, boonees.cityId),
  );
  const [{ n: total }] = await db
    .select({ n: count() })
    .from(booneeStories)
    .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
    .where(where);
  const paging = pageOf(query.page ?? 1, STORIES_PAGE_SIZE, total);
  const items = await db
    .select({
      id: booneeStories.id,
      title: booneeStories.title,
      story: booneeStories.story,
      lang: booneeStories.lang,
      findLocation: booneeStories.findLocation,
      findDate: booneeStories.findDate,
      hidden: booneeStories.hidden,
      createdAt: booneeStories.createdAt,
      figureId: boonees.id,
      figureName: boonees.name,
      author: profiles.name,
      authorId: booneeStories.userId,
      reported: hasOpenPhotoReports,
      photos: sql<
        ModeratedPhoto[]
      >`coalesce((select json_agg(json_build_object('id', p.id, 'url', p.url, 'hidden', p.hidden,
          'openReports', (select count(*) from story_photo_reports r where r.photo_id = p.id and r.reviewed_at is null))
          order by p.created_at, p.id) from story_photos p where p.story_id = ${booneeStories.id}), '[]')`,
    })
    .from(booneeStories)
    .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
    .innerJoin(profiles, eq(profiles.id, booneeStories.userId))
    .where(where)
    .orderBy(desc(hasOpenPhotoReports), desc(booneeStories.createdAt), desc(booneeStories.id))
    .limit(STORIES_PAGE_SIZE)
    .offset((paging.page - 1) * STORIES_PAGE_SIZE);
  return { items, ...paging };
}
