import { eq } from "drizzle-orm";
import webpush from "web-push";

import type { Db } from "../db/client.ts";
import { appSecrets } from "../db/schema.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; else one pair generated once and shared by every instance (app_secrets). */
export async function resolveVapidKeys(
  db: Db,
  configured: { publicKey?: string; privateKey?: string },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  await db
    .insert(appSecrets)
    .values({ name: "vapid", value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, "vapid"));
  return JSON.parse(row.value) as VapidKeys;
}
