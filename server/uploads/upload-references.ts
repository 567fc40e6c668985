import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../db/client.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * The folders the app writes uploads into (server/uploads/process-upload.ts). Only keys under them are
 * ever removed as unreferenced: anything else in the storage (the readiness probe's file) is not an upload.
 */
export const UPLOAD_FOLDERS = ["images", "videos", "exclusive", "stories", "hints"] as const;

export const isUploadKey = (key: string) => UPLOAD_FOLDERS.some((folder) => key.startsWith(`${folder}/`));

/** The URL a row stores for a stored key: an image's card size belongs to its detail image. */
export const urlOfKey = (key: string) => `/uploads/${key.replace(/-card\.webp$/, ".webp")}`;

/** Every stored key behind an upload URL: a WebP image has its card size beside it. Not an upload URL: none. */
export function keysOfUrl(url: string): string[] {
  if (!url.startsWith("/uploads/")) return [];
  const key = url.slice("/uploads/".length);
  if (!isUploadKey(key)) return [];
  return key.endsWith(".webp") ? [key, key.replace(/\.webp$/, "-card.webp")] : [key];
}

/**
 * Of these upload URLs, the ones no row points to: a figure's picture or welcome video, an exclusive
 * item's file, a finder photo, a drop's hint photo. Each column is looked up by its index (migrations
 * 0027, 0030; drops are few). A new column that stores an upload URL belongs here, or the sweep removes its files.
 */
export async function unreferencedUrls(db: DbOrTx, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const rows = await queryRows<{ url: string }>(
    db,
    sql`select u.url from unnest(${sql.param([...new Set(urls)])}::text[]) as u(url)
        where not exists (select 1 from boonees b where b.image_url = u.url)
          and not exists (select 1 from boonees b where b.welcome_video_url = u.url)
          and not exists (select 1 from exclusive_content c where c.url = u.url)
          and not exists (select 1 from story_photos p where p.url = u.url)
          and not exists (select 1 from drops d where d.hint_image_url = u.url)`,
  );
  return rows.map((r) => r.url);
}

/**
 * Removes the files (every size) of those of `urls` that no row points to any more: called after the
 * transaction that deleted the rows has committed. A file that cannot be removed now (the bucket does
 * not answer) is left to the orphan sweep (server/uploads/orphan-sweep.ts); the action that deleted
 * the rows has succeeded either way. Returns how many files were removed.
 */
export async function removeUnreferencedUploads(
  db: DbOrTx,
  storage: Storage,
  urls: (string | null | undefined)[],
): Promise<number> {
  const candidates = urls.filter((u): u is string => !!u && keysOfUrl(u).length > 0);
  if (candidates.length === 0) return 0;
  let removed = 0;
  try {
    for (const url of await unreferencedUrls(db, candidates)) {
      for (const key of keysOfUrl(url)) {
        await storage.delete(key);
        removed++;
      }
    }
  } catch {
    // left to the sweep: it finds every file no row points to
  }
  return removed;
}
