import { and, eq, ne, sql } from "drizzle-orm";

import type { CityInput } from "#shared/schemas/city.ts";

import type { Db, DbOrTx } from "../../db/client.ts";
import { cities, type City } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertGlobalStaff, assertStaffCity } from "../staff-scope.ts";

async function assertSlugFree(tx: DbOrTx, slug: string, exceptId: number | null) {
  const [taken] = await tx
    .select({ id: cities.id })
    .from(cities)
    .where(exceptId === null ? eq(cities.slug, slug) : and(eq(cities.slug, slug), ne(cities.id, exceptId)));
  if (taken) throw new DomainError("slugTaken", 409);
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (e as { cause?: { code?: string } }).cause?.code === "23505";

/**
 * An admin adds a city (decision 053): it starts "coming soon" (inactive) until its checklist is done
 * (server/domain/cities/city-checklist.ts). The slug is checked against the routes by the schema and
 * against the other cities here (and by the unique index, for two admins at once).
 */
export async function createCity(db: Db, actor: Actor | null, input: CityInput): Promise<City> {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // a new city has no staff yet: only a global admin opens one (decision 058)
  try {
    return await db.transaction(async (tx) => {
      await assertSlugFree(tx, input.slug, null);
      const [city] = await tx
        .insert(cities)
        .values({ ...input, active: false })
        .returning();
      await recordActivity(tx, actor, {
        action: "city.created",
        objectType: "city",
        objectId: String(city.id),
        objectLabel: city.nameDe,
      });
      return city;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError("slugTaken", 409);
    throw e;
  }
}

/** An admin edits a city; its figures, drops and follows stay with it (they point at its id, not its slug). */
export async function updateCity(db: Db, actor: Actor | null, id: number, input: CityInput): Promise<City> {
  assertRole(actor, ["admin"]);
  assertStaffCity(actor, id);
  try {
    return await db.transaction(async (tx) => {
      await assertSlugFree(tx, input.slug, id);
      const [city] = await tx.update(cities).set(input).where(eq(cities.id, id)).returning();
      if (!city) throw new DomainError("notFound", 404);
      await recordActivity(tx, actor, {
        action: "city.updated",
        objectType: "city",
        objectId: String(id),
        objectLabel: city.nameDe,
      });
      return city;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError("slugTaken", 409);
    throw e;
  }
}

/** The label sheet of the city's figures was printed or exported (a checklist item); `ready` false takes it back. */
export async function markCityLabels(db: Db, actor: Actor | null, id: number, ready: boolean): Promise<void> {
  assertRole(actor, ["admin"]);
  assertStaffCity(actor, id);
  const updated = await db
    .update(cities)
    .set({ labelsReadyAt: ready ? sql`now()` : null })
    .where(eq(cities.id, id))
    .returning({ id: cities.id });
  if (updated.length === 0) throw new DomainError("notFound", 404);
}
