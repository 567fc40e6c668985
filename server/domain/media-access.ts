import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { assertSignedIn, DomainError, type Actor } from "./errors.ts";
import { exclusiveItemVisibleTo } from "./exclusive-feed.ts";

/** Uploads only some people may see: exclusive items' files and figures' welcome videos. */
const isOwnerOnlyMedia = (key: string) => key.startsWith("exclusive/") || key.startsWith("videos/");

/** Finder photos: public, unless a moderator hid one (then staff only). */
const isStoryPhoto = (key: string) => key.startsWith("stories/");

/** The URL an item or figure stores for a key: an image's card size belongs to its detail image. */
const storedUrl = (key: string) => `/uploads/${key.replace(/-card\.webp$/, ".webp")}`;

/**
 * May this person fetch the uploaded file `key`? Public files (figure pictures): anyone. Owner-only
 * files: admins always; a welcome video the owner of a figure that shows it; an exclusive file whoever
 * sees its item in the exclusive area (exclusiveItemVisibleTo). Refuses before looking for the file,
 * so the answer never tells whether it exists (the route answers 403, signed out too).
 */
export async function assertMayViewMedia(db: DbOrTx, actor: Actor | null, key: string) {
  if (!isOwnerOnlyMedia(key)) return;
  assertSignedIn(actor);
  if (actor.role === "admin") return;
  const [{ ok }] = await queryRows<{ ok: boolean }>(db, mediaAccessQuery(actor.id, key));
  if (!ok) throw new DomainError("forbidden", 403);
}

/**
 * Whether user `userId` may see the owner-only file `key`: a welcome video through the user's own
 * figures (boonees_owner_idx), an exclusive file through its item (exclusive_content_url_idx, 0006).
 */
export function mediaAccessQuery(userId: string, key: string) {
  const url = storedUrl(key);
  return key.startsWith("videos/")
    ? sql`select exists (
        select 1 from boonees b left join boonees t on t.id = b.template_id
         where b.owner_id = ${userId} and coalesce(b.welcome_video_url, t.welcome_video_url) = ${url}) as ok`
    : sql`select exists (select 1 from exclusive_content c where c.url = ${url} and ${exclusiveItemVisibleTo(userId)}) as ok`;
}

/** Whether the finder photo stored as `key` (or its card size) is hidden, by story_photos_url_idx. */
export function hiddenPhotoQuery(key: string) {
  return sql`select exists (select 1 from story_photos where url = ${storedUrl(key)} and hidden) as hidden`;
}

/** How a served upload may be cached, and whether the answer depends on who asks. */
export interface MediaPolicy {
  cacheControl: string;
  varyCookie: boolean;
}

/**
 * May this person fetch the upload `key`, and how may the answer be cached? Owner-only files
 * (assertMayViewMedia): refused with 403, privately cached for 10 minutes. Finder photos: public for
 * 5 minutes, so that hiding one reaches shared caches soon; a hidden one is 404 for everyone but staff
 * (who review it), uncached. Figure pictures: public and immutable. The viewer is loaded only when
 * the answer depends on it.
 */
export async function mediaPolicy(db: DbOrTx, loadActor: () => Promise<Actor | null>, key: string): Promise<MediaPolicy> {
  if (isOwnerOnlyMedia(key)) {
    await assertMayViewMedia(db, await loadActor(), key);
    return { cacheControl: "private, max-age=600", varyCookie: true };
  }
  if (!isStoryPhoto(key)) return { cacheControl: "public, max-age=31536000, immutable", varyCookie: false };
  const [{ hidden }] = await queryRows<{ hidden: boolean }>(db, hiddenPhotoQuery(key));
  if (!hidden) return { cacheControl: "public, max-age=300", varyCookie: false };
  const actor = await loadActor();
  if (actor?.role === "admin" || actor?.role === "moderator") return { cacheControl: "private, no-store", varyCookie: true };
  throw new DomainError("notFound", 404);
}
