/**
 * The fields an instance takes from its type unless it sets its own (product decisions, "Types and
 * instances"; docs/decisions/015): texts, characteristics, rarity, series and picture. Status, owner,
 * welcome video and code are each figure's own. `column` is what boonees.overridden_fields stores.
 */
export const INHERITED_FIELDS = [
  { key: "name", column: "name" },
  { key: "description", column: "description" },
  { key: "rarity", column: "rarity" },
  { key: "series", column: "series" },
  { key: "imageUrl", column: "image_url" },
  { key: "origin", column: "origin" },
  { key: "passion", column: "passion" },
  { key: "superpower", column: "superpower" },
  { key: "personality", column: "personality" },
  { key: "element", column: "element" },
  { key: "birthDate", column: "birth_date" },
] as const;

export type InheritedField = (typeof INHERITED_FIELDS)[number];
export type InheritedKey = InheritedField["key"];
export type InheritedColumn = InheritedField["column"];
export const INHERITED_COLUMNS: readonly string[] = INHERITED_FIELDS.map((f) => f.column);

/** The form's "use the type's value again" checkbox of a field. */
export const inheritInputName = (column: InheritedColumn) => `inherit_${column}`;
