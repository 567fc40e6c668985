import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import { ACHIEVEMENTS } from "#shared/achievements.ts";

import type * as schema from "./schema.ts";
import { achievements } from "./schema.ts";

/** client.ts's Db, written out here: client.ts imports this file. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Keeps the achievements table equal to the definitions in code (run at start-up). */
export async function syncAchievements(db: Db) {
  await db
    .insert(achievements)
    .values(ACHIEVEMENTS.map((a, i) => ({ key: a.key, icon: a.icon, name: a.name, sortOrder: i })))
    .onConflictDoUpdate({
      target: achievements.key,
      set: { icon: sql`excluded.icon`, name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
    });
}
