import { count, eq, inArray, sql, type SQL } from "drizzle-orm";

import { INHERITED_FIELDS, type InheritedColumn } from "#shared/inherited-fields.ts";

import type { DbOrTx } from "../../db/client.ts";
import { boonees, type FigureRow } from "../../db/schema.ts";

type InheritedValues = Pick<FigureRow, (typeof INHERITED_FIELDS)[number]["key"]>;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** The inherited fields in which an instance's values differ from its type's: its own values. */
export function overriddenColumns(type: InheritedValues, instance: InheritedValues): InheritedColumn[] {
  return INHERITED_FIELDS.filter((f) => !same(type[f.key], instance[f.key])).map((f) => f.column);
}

/** The type's values of the given fields (an instance "uses the type's value" again). */
export function typeValues(type: InheritedValues, columns: readonly InheritedColumn[]): Partial<InheritedValues> {
  return Object.fromEntries(
    INHERITED_FIELDS.filter((f) => columns.includes(f.column)).map((f) => [f.key, type[f.key]]),
  );
}

/**
 * A type was edited: every instance takes the type's new value in each inherited field it did not
 * override, in ONE statement inside the caller's transaction (the counter triggers see one change).
 * Returns how many instances the type has.
 */
export async function propagateToInstances(tx: DbOrTx, type: FigureRow): Promise<number> {
  const set: Record<string, SQL> = {};
  for (const f of INHERITED_FIELDS) {
    const column = boonees[f.key];
    set[f.key] =
      sql`case when ${f.column} = any(${boonees.overriddenFields}) then ${column} else ${sql.param(type[f.key], column)} end`;
  }
  const rows = await tx.update(boonees).set(set).where(eq(boonees.typeId, type.id)).returning({ id: boonees.id });
  return rows.length;
}

/**
 * Per type: its number of instances, and how many of them set some field themselves (for the edit
 * dialog's "changes reach N instances").
 */
export async function countInstances(db: DbOrTx, typeIds: string[]) {
  if (typeIds.length === 0) return new Map<string, { instances: number; withOwnValues: number }>();
  const rows = await db
    .select({
      typeId: boonees.typeId,
      instances: count(),
      withOwnValues: sql<number>`count(*) filter (where cardinality(${boonees.overriddenFields}) > 0)`.mapWith(Number),
    })
    .from(boonees)
    .where(inArray(boonees.typeId, typeIds))
    .groupBy(boonees.typeId);
  return new Map(rows.map((r) => [r.typeId!, { instances: r.instances, withOwnValues: r.withOwnValues }]));
}
