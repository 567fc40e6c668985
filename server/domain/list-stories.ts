import { count, desc, eq, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { contains } from "../db/like-pattern.ts";
import { pageOf } from "../db/paging.ts";
import { booneeStories, boonees, profiles } from "../db/schema.ts";
import { assertRole, type Actor } from "./errors.ts";

export const STORIES_PAGE_SIZE = 20;

/** Finder stories for moderation, newest first, hidden ones included. */
export async function listStories(db: DbOrTx, actor: Actor | null, query: { q?: string; page?: number }) {
  assertRole(actor, ["admin", "moderator"]);
  const q = query.q?.trim();
  const where = q ? or(contains(booneeStories.title, q), contains(booneeStories.story, q), contains(boonees.name, q)) : undefined;
  const [{ n: total }] = await db
    .select({ n: count() })
    .from(booneeStories)
    .innerJoin(boonees, eq(boonees.id, booneeStories.booneeId))
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
      booneeId: boonees.id,
      booneeName: boonees.name,
      author: profiles.name,
    })
    .from(booneeStories)
    .innerJoin(boonees, eq(boonees.id, booneeStories.booneeId))
    .innerJoin(profiles, eq(profiles.id, booneeStories.userId))
    .where(where)
    .orderBy(desc(booneeStories.createdAt), desc(booneeStories.id))
    .limit(STORIES_PAGE_SIZE)
    .offset((paging.page - 1) * STORIES_PAGE_SIZE);
  return { items, ...paging };
}
