import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";

import { queryRows } from "./db/client.ts";
import type { Services } from "./services.ts";
import { missingUploadKeys, recentUploadUrls } from "./uploads/upload-sample.ts";

const journal = new URL("./db/migrations/meta/_journal.json", import.meta.url);
/** How many migrations this release ships (read once). */
const shipped = (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms))]);

async function passes(check: () => Promise<boolean>) {
  try {
    return await within(2_000, check());
  } catch {
    return false;
  }
}

export interface Readiness {
  ok: boolean;
  database: boolean;
  /** every migration this release ships is applied (a newer release may have applied more: still fine, they only add) */
  migrations: boolean;
  /** the upload storage takes a write and holds the sampled files rows point to */
  storage: boolean;
  /** how many of the sampled files (the most recently referenced uploads) the storage does not hold; null: not known */
  missingUploads: number | null;
}

/**
 * Whether this instance can serve (for a load balancer's /readyz): the database answers, its schema is
 * at least this release's, the upload storage takes a write, and it holds the files of the most
 * recently referenced uploads (a bounded sample, server/uploads/upload-sample.ts: a restore without
 * its uploads, or a lost volume, is not ready). /healthz stays the liveness check.
 */
export async function checkReadiness(services: Pick<Services, "database" | "storage">): Promise<Readiness> {
  let missingUploads: number | null = null;
  const [database, migrations, writable, filesPresent] = await Promise.all([
    passes(async () => {
      await services.database.ping();
      return true;
    }),
    passes(async () => {
      const [row] = await queryRows<{ n: number }>(
        services.database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      return Number(row.n) >= shipped;
    }),
    passes(async () => {
      await services.storage.put("health/ready-probe.txt", new TextEncoder().encode("ok"), "text/plain");
      return true;
    }),
    passes(async () => {
      const urls = await recentUploadUrls(services.database.db).catch(() => null);
      if (!urls) return true; // no database: its own check says so, the storage is not to blame
      missingUploads = (await missingUploadKeys(services.storage, urls)).length;
      return missingUploads === 0;
    }),
  ]);
  const storage = writable && filesPresent;
  return { ok: database && migrations && storage, database, migrations, storage, missingUploads };
}
