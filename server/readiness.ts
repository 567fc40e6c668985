import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { queryRows } from "./db/client.ts";
import type { Services } from "./services.ts";

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
  storage: boolean;
}

/**
 * Whether this instance can serve (for a load balancer's /readyz): the database answers, its schema is
 * at least this release's, and the upload storage takes a write. /healthz stays the liveness check.
 */
export async function checkReadiness(services: Pick<Services, "database" | "storage">): Promise<Readiness> {
  const [database, migrations, storage] = await Promise.all([
    passes(async () => {
      await services.database.ping();
      return true;
    }),
    passes(async () => {
      const [row] = await queryRows<{ n: number }>(services.database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      return Number(row.n) >= shipped;
    }),
    passes(async () => {
      await services.storage.put("health/ready-probe.txt", new TextEncoder().encode("ok"), "text/plain");
      return true;
    }),
  ]);
  return { ok: database && migrations && storage, database, migrations, storage };
}
