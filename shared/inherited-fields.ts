import { FIGURE_FIELDS, type FigureField } from "./figure-fields.ts";

/**
 * The fields an instance takes from its type unless it sets its own (product decisions, "Types and
 * instances"; docs/decisions/015): the rows of shared/figure-fields.ts marked `inherited` (texts,
 * characteristics, rarity, series and picture). Status, owner, welcome video and code are each
 * figure's own. `column` is what boonees.overridden_fields stores.
 */
export type InheritedField = Extract<FigureField, { inherited: true }>;
export const INHERITED_FIELDS = FIGURE_FIELDS.filter((f): f is InheritedField => f.inherited);

export type InheritedKey = InheritedField["key"];
export type InheritedColumn = InheritedField["column"];
export const INHERITED_COLUMNS: readonly string[] = INHERITED_FIELDS.map((f) => f.column);

/** The inherited fields' values of a figure (a type's, copied into its new instances). */
export function inheritedValues<T extends Record<InheritedKey, unknown>>(row: T): Pick<T, InheritedKey> {
  return Object.fromEntries(INHERITED_FIELDS.map((f) => [f.key, row[f.key]])) as Pick<T, InheritedKey>;
}

/** The form's "use the type's value again" checkbox of a field. */
export const inheritInputName = (column: InheritedColumn) => `inherit_${column}`;
