import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { publicFigureSql } from "../../db/figure-status-sql.ts";

export const STORIES_API_PAGE_SIZE = 50;

export interface PublicStory {
  id: string;
  title: string;
  story: string;
  lang: string;
  findLocation: string | null;
  findDate: string | null;
  createdAt: string;
  photos: { id: string; url: string }[];
  figureId: string;
  figureName: string;
}

/** Where the previous page ended: the last story's time (to the microsecond, as the database wrote it) and id. */
export interface StoriesCursor {
  at: string;
  id: string;
}

/**
 * The finder stories every visitor sees on the figure pages (server/domain/figures/public-figure.ts), across
 * all public figures, newest first: not hidden, not by a blocked account, on a public figure (so none of a
 * waiting drop's), with their visible photos. No author: the figure page names none either.
 */
export async function listPublicStories(
  db: DbOrTx,
  after: StoriesCursor | null,
  limit = STORIES_API_PAGE_SIZE,
): Promise<{ stories: PublicStory[]; next: StoriesCursor | null }> {
  const rows = await queryRows<{
    id: string;
    at: string;
    title: string;
    story: string;
    lang: string;
    find_location: string | null;
    find_date: string | null;
    created_at: Date | string;
    photos: { id: string; url: string }[];
    figure_id: string;
    figure_name: string;
  }>(
    db,
    sql`select s.id, s.created_at::text as at, s.title, s.story, s.lang, s.find_location, s.find_date::text as find_date,
               s.created_at, b.id as figure_id, b.name as figure_name,
               coalesce((select json_agg(json_build_object('id', p.id, 'url', p.url) order by p.created_at, p.id)
                         from story_photos p where p.story_id = s.id and not p.hidden), '[]') as photos
        from boonee_stories s
        join boonees b on b.id = s.boonee_id
        join profiles pr on pr.id = s.user_id and pr.blocked_at is null
        where not s.hidden and ${publicFigureSql(sql`b.status`)}
          ${after ? sql`and (s.created_at, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by s.created_at desc, s.id desc
        limit ${limit + 1}`,
  );
  const stories = rows.slice(0, limit).map((r): PublicStory => ({
    id: r.id,
    title: r.title,
    story: r.story,
    lang: r.lang,
    findLocation: r.find_location,
    findDate: r.find_date,
    createdAt: new Date(r.created_at).toISOString(),
    photos: typeof r.photos === "string" ? JSON.parse(r.photos) : r.photos,
    figureId: r.figure_id,
    figureName: r.figure_name,
  }));
  const last = rows[limit - 1];
  return { stories, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}
