import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";

import type { DbOrTx } from "../db/client.ts";
import { notificationSettings } from "../db/schema.ts";

export const newToken = () => randomBytes(24).toString("base64url");

/** The account's channel settings, created on first use with the language the collector reads in now. */
export async function ensureSettingsRow(tx: DbOrTx, userId: string, language: Lang) {
  await tx
    .insert(notificationSettings)
    .values({ userId, language, unsubscribeToken: newToken() })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for("update");
  return row;
}
