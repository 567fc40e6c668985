import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

import { migrationsFolder } from "./client.ts";

/** An embedded database dump (see server/backup.ts) opened in memory and brought to this version's schema, to read from. */
export async function openEmbeddedCopy(dump: Blob): Promise<PGlite> {
  const copy = await PGlite.create({ loadDataDir: dump });
  await migrate(drizzle(copy), { migrationsFolder });
  return copy;
}
