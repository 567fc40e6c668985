import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../db/client.ts";
import type { Storage } from "../storage/storage.ts";
import { keysOfUrl } from "./upload-references.ts";

/** How many of the most recently referenced upload URLs the readiness check looks for. */
export const UPLOAD_SAMPLE_SIZE = 10;

/**
 * The most recently added upload URLs rows point to, over every column upload-references.ts knows (a
 * figure's picture and welcome video, an exclusive item's file, a finder photo, a drop's hint photo).
 * Each column contributes its newest few (by an index where the table is large), then the newest overall.
 */
export async function recentUploadUrls(db: DbOrTx, limit = UPLOAD_SAMPLE_SIZE): Promise<string[]> {
  const rows = await queryRows<{ url: string }>(
    db,
    sql`select url from (
          (select image_url as url, created_at as at from boonees where image_url like '/uploads/%' order by created_at desc limit ${limit})
          union all
          (select welcome_video_url, created_at from boonees where welcome_video_url like '/uploads/%' order by created_at desc limit ${limit})
          union all
          (select url, created_at from exclusive_content where url like '/uploads/%' order by created_at desc limit ${limit})
          union all
          (select url, created_at from story_photos where url like '/uploads/%' order by created_at desc limit ${limit})
          union all
          (select hint_image_url, created_at from drops where hint_image_url like '/uploads/%' order by created_at desc limit ${limit})
        ) recent order by at desc limit ${limit}`,
  );
  return rows.map((r) => r.url);
}

/**
 * Of the sample's files, those the storage does not hold (a restore without its uploads, a lost volume).
 * Only the file a row names is looked for, not an image's card size (older images may have none).
 */
export async function missingUploadKeys(storage: Storage, urls: string[]): Promise<string[]> {
  const keys = [...new Set(urls.flatMap((url) => keysOfUrl(url).slice(0, 1)))];
  const present = await Promise.all(keys.map((key) => storage.has(key)));
  return keys.filter((_, i) => !present[i]);
}
