import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * ` and <column> = <city>` for a page filtered by city (`?city=kiel`, the `/{city}` page), nothing for
 * "all cities" (null). Decision 053.
 */
export const andInCity = (column: AnyPgColumn | SQL, cityId: number | null): SQL =>
  cityId === null ? sql`` : sql` and ${column} = ${cityId}`;
