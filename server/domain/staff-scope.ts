import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { UUID } from "#shared/uuid.ts";

import type { DbOrTx } from "../db/client.ts";
import { boonees, drops, exclusiveContent } from "../db/schema.ts";
import { DomainError, type Actor } from "./errors.ts";

/**
 * Staff per city (decision 058): an actor's `cities` (null or absent: every city) bound what admin and
 * moderator functions read and change. Lists filter with `inStaffCities`; a command on an object checks the
 * object's city with `assertStaffCity` (403 "forbidden" outside them, as for a wrong role).
 */

/** The actor works for every city (a global admin, or a script / test actor without cities). */
export const isGlobalStaff = (actor: Actor | null | undefined) => actor?.cities == null;

/** A condition keeping rows whose city column is one of the actor's cities; undefined for every city. */
export function inStaffCities(actor: Actor | null | undefined, column: AnyPgColumn | SQL): SQL | undefined {
  if (actor?.cities == null) return undefined;
  if (actor.cities.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    actor.cities.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}

/** ` and <condition>` for raw SQL, nothing for every city. */
export function andInStaffCities(actor: Actor | null | undefined, column: AnyPgColumn | SQL): SQL {
  const where = inStaffCities(actor, column);
  return where ? sql` and ${where}` : sql``;
}

/** Refuses (403) a city outside the actor's cities. */
export function assertStaffCity(actor: Actor, cityId: number | null | undefined) {
  if (actor.cities == null) return;
  if (cityId == null || !actor.cities.includes(cityId)) throw new DomainError("forbidden", 403);
}

/** Refuses (403) whoever is not a global admin: things of no city (accounts, new cities). */
export function assertGlobalStaff(actor: Actor) {
  if (!isGlobalStaff(actor)) throw new DomainError("forbidden", 403);
}

async function cityOf(db: DbOrTx, table: typeof boonees | typeof drops | typeof exclusiveContent, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select({ cityId: table.cityId }).from(table).where(eq(table.id, id));
  return row?.cityId;
}

/**
 * Refuses (403) a figure, drop or broadcast of another city. A missing object passes: the command answers
 * its own "not found".
 */
export async function assertStaffCityOf(db: DbOrTx, actor: Actor, kind: "figure" | "drop" | "broadcast", id: string) {
  if (actor.cities == null) return;
  const table = kind === "figure" ? boonees : kind === "drop" ? drops : exclusiveContent;
  const cityId = await cityOf(db, table, id);
  if (cityId !== undefined) assertStaffCity(actor, cityId);
}
