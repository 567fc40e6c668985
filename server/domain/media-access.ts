import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../db/client.ts";
import { urlOfKey } from "../uploads/upload-references.ts";
import { exclusiveItemVisibleTo } from "./broadcasts/exclusive-feed.ts";
import { assertSignedIn, DomainError, type Actor } from "./errors.ts";
import { andInStaffCities, isGlobalStaff } from "./staff-scope.ts";

/** Uploads only some people may see: exclusive items' files and figures' welcome videos. */
const isOwnerOnlyMedia = (key: string) => key.startsWith("exclusive/") || key.startsWith("videos/");

/** Finder photos: public while the figure page shows them (not hidden, nor their story, nor their author blocked). */
const isStoryPhoto = (key: string) => key.startsWith("stories/");

/** A drop's hint photo (hints/; images/ before 2026-11-27): public once its drop is. */
const mayBeHintPhoto = (key: string) => key.startsWith("hints/") || key.startsWith("images/");

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * May this person fetch the uploaded file `key`? Public files (figure pictures): anyone. Owner-only
 * files: global admins always, a city's admin those of his cities; a welcome video the owner of a figure that shows it; an exclusive file whoever
 * sees its item in the exclusive area (exclusiveItemVisibleTo). Refuses before looking for the file,
 * so the answer never tells whether it exists (the route answers 403, signed out too).
 */
export async function assertMayViewMedia(db: DbOrTx, actor: Actor | null, key: string) {
  if (!isOwnerOnlyMedia(key)) return;
  assertSignedIn(actor);
  if (actor.role === "admin" && isGlobalStaff(actor)) return;
  // a city's admin sees the files of his cities' figures and broadcasts (decision 058), and as anyone his own
  if (actor.role === "admin" && (await staffMaySee(db, actor, key))) return;
  const [{ ok }] = await queryRows<{ ok: boolean }>(db, mediaAccessQuery(actor.id, key));
  if (!ok) throw new DomainError("forbidden", 403);
}

/**
 * Whether a city's staff member may see the non-public upload `key` as staff (decision 058): it belongs to one
 * of his cities (a welcome video through its figure or type, an exclusive file through its broadcast, a finder
 * photo through its story's figure, a hint photo through its drop). A file of no city (a broadcast to every
 * city, a finder photo whose story is gone) is a global admin's only. Global staff see every file.
 */
async function staffMaySee(db: DbOrTx, actor: Actor, key: string): Promise<boolean> {
  if (actor.role !== "admin" && actor.role !== "moderator") return false;
  if (isGlobalStaff(actor)) return true;
  const url = urlOfKey(key);
  const query = key.startsWith("videos/")
    ? sql`select exists (select 1 from boonees b where b.welcome_video_url = ${url}${andInStaffCities(actor, sql`b.city_id`)}) as ok`
    : key.startsWith("exclusive/")
      ? sql`select exists (select 1 from exclusive_content e where e.url = ${url}${andInStaffCities(actor, sql`e.city_id`)}) as ok`
      : isStoryPhoto(key)
        ? sql`select exists (select 1 from story_photos p join boonee_stories s on s.id = p.story_id join boonees b on b.id = s.boonee_id
               where p.url = ${url}${andInStaffCities(actor, sql`b.city_id`)}) as ok`
        : sql`select exists (select 1 from drops d where d.hint_image_url = ${url}${andInStaffCities(actor, sql`d.city_id`)}) as ok`;
  const [{ ok }] = await queryRows<{ ok: boolean }>(db, query);
  return ok;
}

/**
 * Whether user `userId` may see the owner-only file `key`: a welcome video through the user's own
 * figures (boonees_owner_idx), an exclusive file through its item (exclusive_content_url_idx, 0006).
 */
export function mediaAccessQuery(userId: string, key: string) {
  const url = urlOfKey(key);
  return key.startsWith("videos/")
    ? sql`select exists (
        select 1 from boonees b left join boonees t on t.id = b.template_id
         where b.owner_id = ${userId} and coalesce(b.welcome_video_url, t.welcome_video_url) = ${url}) as ok`
    : sql`select exists (select 1 from exclusive_content c where c.url = ${url} and ${exclusiveItemVisibleTo(userId)}) as ok`;
}

/**
 * Whether the finder photo stored as `key` (or its card size) is out of public view, by
 * story_photos_url_idx: the photo or its story hidden by a moderator, its author blocked, or no row at
 * all (its story was deleted and the file not yet removed).
 */
export function hiddenPhotoQuery(key: string) {
  return sql`select coalesce((
      select p.hidden or s.hidden or a.blocked_at is not null or a.deleted_at is not null
        from story_photos p join boonee_stories s on s.id = p.story_id left join profiles a on a.id = s.user_id
       where p.url = ${urlOfKey(key)} limit 1), true) as hidden`;
}

/**
 * Whether the image stored as `key` is the hint photo of a drop that is not public yet (waiting or
 * cancelled; drop.tsx shows it from the release on). A drop's duplicate shares its photo: public once
 * any drop with it is. A key under hints/ that no drop has is not public either. Drops are few: no index.
 */
export function waitingHintPhotoQuery(key: string) {
  const url = urlOfKey(key);
  return sql`select not exists (select 1 from drops where hint_image_url = ${url} and released_at is not null and cancelled_at is null)
      and (${key.startsWith("hints/")} or exists (select 1 from drops where hint_image_url = ${url})) as hidden`;
}

/** How a served upload may be cached, and whether the answer depends on who asks. */
export interface MediaPolicy {
  cacheControl: string;
  varyCookie: boolean;
}

/**
 * May this person fetch the upload `key`, and how may the answer be cached? Owner-only files
 * (assertMayViewMedia): refused with 403, privately cached for 10 minutes. Finder photos: public for
 * 5 minutes, so that hiding one reaches shared caches soon. A finder photo out of public view
 * (hiddenPhotoQuery) and a waiting drop's hint photo (waitingHintPhotoQuery) are 404 for everyone but
 * staff of its city (who review them; staffMaySee), uncached. Figure pictures and released hint photos: public and immutable.
 * The viewer is loaded only when the answer depends on it.
 */
export async function mediaPolicy(
  db: DbOrTx,
  loadActor: () => Promise<Actor | null>,
  key: string,
): Promise<MediaPolicy> {
  if (isOwnerOnlyMedia(key)) {
    await assertMayViewMedia(db, await loadActor(), key);
    return { cacheControl: "private, max-age=600", varyCookie: true };
  }
  const story = isStoryPhoto(key);
  if (!story && !mayBeHintPhoto(key)) return { cacheControl: IMMUTABLE, varyCookie: false };
  const [{ hidden }] = await queryRows<{ hidden: boolean }>(
    db,
    story ? hiddenPhotoQuery(key) : waitingHintPhotoQuery(key),
  );
  if (!hidden) return { cacheControl: story ? "public, max-age=300" : IMMUTABLE, varyCookie: false };
  const actor = await loadActor();
  // staff review them, a city's staff only his cities' (decision 058); to anyone else they are gone
  if (actor && (await staffMaySee(db, actor, key))) return { cacheControl: "private, no-store", varyCookie: true };
  throw new DomainError("notFound", 404);
}
