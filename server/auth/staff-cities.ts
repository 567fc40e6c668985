import { eq } from "drizzle-orm";

import type { Role } from "#shared/roles.ts";

import type { DbOrTx } from "../db/client.ts";
import { cityStaff } from "../db/schema.ts";

/**
 * The cities a person's staff work covers (decision 058): null is every city. An admin without rows in
 * `city_staff` is global, with rows for those cities; a moderator (and anyone else) only for his rows.
 */
export function staffCities(role: Role, cityIds: readonly number[]): number[] | null {
  if (role === "admin" && cityIds.length === 0) return null;
  return [...cityIds].map(Number).sort((a, b) => a - b);
}

/** A user's staff cities, read from `city_staff`. */
export async function staffCitiesOf(db: DbOrTx, userId: string, role: Role): Promise<number[] | null> {
  const rows = await db.select({ cityId: cityStaff.cityId }).from(cityStaff).where(eq(cityStaff.userId, userId));
  return staffCities(
    role,
    rows.map((r) => r.cityId),
  );
}
