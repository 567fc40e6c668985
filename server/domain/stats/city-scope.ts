import { sql, type SQL } from "drizzle-orm";

import { boonees } from "../../db/schema.ts";

/** Which figures a leaderboard or the statistics count: every city (null), one city, or a country's cities (decision 053). */
export type CityScope = { cityId: number } | { country: string } | null;

/** The scope as a condition on `boonees`. */
export const scopeSql = (scope: Exclude<CityScope, null>): SQL =>
  "cityId" in scope
    ? sql`${boonees.cityId} = ${scope.cityId}`
    : sql`${boonees.cityId} in (select id from cities where country = ${scope.country})`;
