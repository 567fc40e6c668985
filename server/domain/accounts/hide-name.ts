import { eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

/**
 * "Don't show my name" on the profile (decision 050): while on, every public page, feed and /api/v1 answer
 * names the person 'Anonymous' (publicNameSql); their own profile still shows the name. One statement;
 * the profiles trigger drops the cached public pages on every instance (migration 0036).
 */
export async function setNameHidden(db: DbOrTx, actor: Actor | null, hidden: boolean) {
  assertSignedIn(actor);
  await db.update(profiles).set({ hideName: hidden, updatedAt: new Date() }).where(eq(profiles.id, actor.id));
}
