import type { z } from "zod";

/** The spec's enumerations (section 3); the same values as the database enums. */
export const RARITIES = ["Common", "Rare", "Legendary"] as const;
export const STATUSES = ["Draft", "Hidden", "Placed", "Found", "On Sale", "Sold Out", "Archived"] as const;
export type Status = (typeof STATUSES)[number];
export const ELEMENTS = ["Feuer", "Wasser", "Erde", "Luft", "Blitz", "Eis"] as const;
/** Where the operator hid a figure (admin only), at most this long. */
export const PLACEMENT_NOTE_MAX = 500;
/** Instances of a type made at once, at most. */
export const BATCH_MAX = 200;

/**
 * What a field accepts, as data (decision 056: the table reaches the browser, zod does not;
 * shared/figure-field-schemas.ts makes each rule its zod schema, which the admin action parses with):
 * - `text`: trimmed, cut to that length, null when empty; with `required` (an error key) never empty;
 * - `integer`: a whole number from min to max, or null when empty;
 * - `day`: a date as YYYY-MM-DD that exists in the calendar, or null when empty;
 * - `oneOf`: one of the values; empty is null, or the `default` where there is one.
 * Error messages are translation keys.
 */
export type FieldRule =
  | { text: number; required?: string }
  | { integer: readonly [min: number, max: number]; error: string }
  | { day: string }
  | { oneOf: readonly string[]; error: string; default?: string };

/** The value a rule reads from the posted string. */
export type RuleValue<R> = R extends { oneOf: readonly (infer O)[]; default: string }
  ? O
  : R extends { oneOf: readonly (infer O)[] }
    ? O | null
    : R extends { integer: unknown }
      ? number | null
      : R extends { required: string }
        ? string
        : string | null;

/** How the admin form shows a field (shared by the rows below and app/components/admin/figure-fields.tsx). */
export type InputSpec =
  | { type: "text"; maxLength: number; required?: boolean; wide?: boolean }
  | { type: "textarea"; maxLength: number; rows: number; wide?: boolean }
  | { type: "number"; min: number; max: number; wide?: boolean }
  | { type: "date"; wide?: boolean }
  | {
      type: "select";
      options: readonly string[];
      optionLabel: string;
      emptyLabel?: string;
      defaultValue: string;
      wide?: boolean;
    }
  | { type: "upload" };

/** How the figure page shows a characteristic: as written, an option's label, a calendar day. */
export type CharacteristicSpec =
  | { show: "text"; label?: string }
  | { show: "option"; optionLabel: string; label?: string }
  | { show: "day"; label?: string };

interface FieldRow {
  key: string;
  column: string;
  rule: FieldRule | null;
  input: InputSpec;
  inherited: boolean;
  secret: boolean;
  characteristic: CharacteristicSpec | null;
  /**
   * Written in German and English (docs/decisions/033): the row's own column holds the German text,
   * a companion row `<key>En` / `<column>_en` (made below, right after it) the optional English one.
   */
  translatable: boolean;
}

/**
 * Every field of a figure that the admin form edits, in the form's order (docs/recipes.md, "Add a
 * figure field"). One row drives the admin form's schema (`rule`, made a zod schema by shared/figure-field-schemas.ts), its input (`input`, label
 * `admin.fields.<key>`, `wide` fields span the whole form), inheritance by instances (`inherited`,
 * `column` is what boonees.overridden_fields stores), the column lists that read figures (`secret`
 * ones never reach a public query), the create and update values and the characteristics on the
 * figure page (`characteristic`, label `figure.fields.<label ?? key>`). `rule: null` marks a field
 * the form does not edit as text (the picture is uploaded). The Drizzle column (`boonees[key]` in
 * server/db/schema.ts) and its migration are written by hand.
 */
const WRITTEN_FIELDS = [
  {
    key: "name",
    column: "name",
    rule: { text: 100, required: "admin.fields.error.nameRequired" },
    input: { type: "text", wide: true, required: true, maxLength: 100 },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "description",
    column: "description",
    rule: { text: 5000 },
    input: { type: "textarea", wide: true, rows: 4, maxLength: 5000 },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: true,
  },
  {
    key: "rarity",
    column: "rarity",
    rule: { oneOf: RARITIES, error: "admin.fields.error.rarity", default: "Common" },
    input: { type: "select", options: RARITIES, optionLabel: "common.rarity", defaultValue: "Common" },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "status",
    column: "status",
    rule: { oneOf: STATUSES, error: "admin.fields.error.status", default: "Draft" },
    input: { type: "select", options: STATUSES, optionLabel: "admin.status", defaultValue: "Draft" },
    inherited: false,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "series",
    column: "series",
    rule: { text: 100 },
    input: { type: "text", maxLength: 100 },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "imageUrl",
    column: "image_url",
    rule: null,
    input: { type: "upload" },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "origin",
    column: "origin",
    rule: { text: 200 },
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "passion",
    column: "passion",
    rule: { text: 200 },
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "superpower",
    column: "superpower",
    rule: { text: 200 },
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "personality",
    column: "personality",
    rule: { text: 200 },
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "element",
    column: "element",
    rule: { oneOf: ELEMENTS, error: "admin.fields.error.element" },
    input: {
      type: "select",
      options: ELEMENTS,
      optionLabel: "admin.element",
      emptyLabel: "admin.fields.noElement",
      defaultValue: "",
    },
    inherited: true,
    secret: false,
    characteristic: { show: "option", optionLabel: "figure.elements" },
    translatable: false,
  },
  {
    key: "birthDate",
    column: "birth_date",
    rule: { day: "admin.fields.error.birthDate" },
    input: { type: "date" },
    inherited: true,
    secret: false,
    characteristic: { show: "day", label: "birthday" },
    translatable: false,
  },
] as const satisfies readonly FieldRow[];

type WrittenField = (typeof WRITTEN_FIELDS)[number];
type TranslatableField = Extract<WrittenField, { translatable: true }>;
/** The English companion of a translatable row: same input and rules, its own column, inherited alike. */
type EnglishRow<F extends TranslatableField> = F extends TranslatableField
  ? Omit<F, "key" | "column" | "characteristic" | "translatable"> & {
      key: `${F["key"]}En`;
      column: `${F["column"]}_en`;
      characteristic: null;
      translatable: false;
      englishOf: F["key"];
    }
  : never;
export type EnglishField = EnglishRow<TranslatableField>;
export type TranslatableKey = TranslatableField["key"];

const englishRow = <F extends TranslatableField>(f: F) =>
  ({
    ...f,
    key: `${f.key}En`,
    column: `${f.column}_en`,
    characteristic: null,
    translatable: false,
    englishOf: f.key,
  }) as EnglishRow<F>;

/**
 * Every field of the table above, each translatable row followed by its English companion (key
 * `<key>En`, column `<column>_en`, label `admin.fields.<key>En`), so the form, the schema, the
 * column lists and inheritance take both languages from one row.
 */
export const FIGURE_FIELDS: readonly (WrittenField | EnglishField)[] = WRITTEN_FIELDS.flatMap(
  (f): (WrittenField | EnglishField)[] => (f.translatable ? [f, englishRow(f)] : [f]),
);

export type FigureField = (typeof FIGURE_FIELDS)[number];
/** The fields the admin form edits as text, select or date (not the uploaded picture). */
export type FormField = Exclude<FigureField, { rule: null }>;
export type FormKey = FormField["key"];
export type FieldInput = FigureField["input"];
export type CharacteristicField = Exclude<FigureField, { characteristic: null }>;
export type CharacteristicKey = CharacteristicField["key"];

export const FORM_FIELDS = FIGURE_FIELDS.filter((f): f is FormField => f.rule !== null);
/** The German key of each English companion (descriptionEn -> description). */
export const isEnglishField = (f: FigureField): f is EnglishField => "englishOf" in f;
export const englishKey = <K extends TranslatableKey>(key: K) => `${key}En` as const;

/** An English text needs its German one (German is required, English optional): issues for the form's schemas. */
export function englishNeedsGerman(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const f of FIGURE_FIELDS)
    if (isEnglishField(f) && v[f.key] != null && v[f.englishOf] == null)
      ctx.addIssue({ code: "custom", path: [f.englishOf], message: "admin.fields.error.germanRequired" });
}
export const CHARACTERISTIC_FIELDS = FIGURE_FIELDS.filter((f): f is CharacteristicField => f.characteristic !== null);

/** The form's fields of a figure, a template or a parsed form, in the table's order. */
export function formValues<T extends Record<FormKey, unknown>>(row: T): Pick<T, FormKey> {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f.key, row[f.key]])) as Pick<T, FormKey>;
}
