import { and, eq, isNull, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { cities, FIRST_CITY_ID } from "../../db/schema.ts";

/**
 * Migration 0034 made the first city with a one-city deployment's defaults (Kiel, Europe/Berlin): it
 * cannot read the settings. At start-up the first city takes DROP_CITY and TIME_ZONE once (decision 053);
 * from then on the city is data, edited in /admin/cities, and the settings no longer change it.
 */
export async function alignFirstCity(db: DbOrTx, settings: { dropCity: string; timeZone: string }): Promise<void> {
  await db
    .update(cities)
    .set({
      nameDe: settings.dropCity,
      nameEn: settings.dropCity,
      timeZone: settings.timeZone,
      settingsAlignedAt: sql`now()`,
    })
    .where(and(eq(cities.id, FIRST_CITY_ID), isNull(cities.settingsAlignedAt)));
}
