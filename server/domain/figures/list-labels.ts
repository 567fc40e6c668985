import { and, count, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { instanceNumber } from "../../db/figure-search.ts";
import { boonees, tags } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

/** Figures, their codes and instance numbers for the printable label sheet (by ids — any figure, for a reprint — or the unclaimed, not archived figures of a type). */
export async function listLabels(db: DbOrTx, actor: Actor | null, query: { ids?: string[]; typeId?: string }) {
  assertRole(actor, ["admin"]);
  const where = query.ids?.length
    ? sql`${boonees.id} in (${sql.join(
        query.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : query.typeId
      ? // unclaimed and not Archived: an archived figure is out of the game, its label would only mislead
        and(
          or(eq(boonees.id, query.typeId), eq(boonees.typeId, query.typeId)),
          isNull(boonees.ownerId),
          ne(boonees.status, "Archived"),
        )
      : sql`false`;
  return db
    .select({
      id: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      code: tags.secretCode,
      number: instanceNumber,
      createdAt: boonees.createdAt,
    })
    .from(boonees)
    .innerJoin(tags, eq(tags.figureId, boonees.id))
    .where(and(where, inStaffCities(actor, boonees.cityId)))
    .orderBy(boonees.createdAt, boonees.id)
    .limit(200);
}

/**
 * The type a `?type=` sheet is for, and how many of its figures with a label were left off because
 * they are claimed (their tag hangs in the city already). Null when the id is no figure.
 */
export async function labelTypeSummary(db: DbOrTx, actor: Actor | null, typeId: string) {
  assertRole(actor, ["admin"]);
  const [type] = await db
    .select({ id: boonees.id, name: boonees.name })
    .from(boonees)
    .where(and(eq(boonees.id, typeId), inStaffCities(actor, boonees.cityId)))
    .limit(1);
  if (!type) return null;
  const [claimed] = await db
    .select({ n: count() })
    .from(boonees)
    .innerJoin(tags, eq(tags.figureId, boonees.id))
    .where(
      and(
        or(eq(boonees.id, typeId), eq(boonees.typeId, typeId)),
        isNotNull(boonees.ownerId),
        inStaffCities(actor, boonees.cityId),
      ),
    );
  return { name: type.name, claimed: claimed?.n ?? 0 };
}
