import { sql } from "drizzle-orm";
import { ACHIEVEMENTS } from "../../app/lib/achievements.ts";
import type { Db } from "./client.ts";
import { achievements } from "./schema.ts";

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
