import { z } from "zod";

/** The spec's enumerations (section 3); the same values as the database enums. */
export const RARITIES = ["Common", "Rare", "Legendary"] as const;
export const STATUSES = ["Draft", "Hidden", "Placed", "Found", "On Sale", "Sold Out", "Archived"] as const;
export const ELEMENTS = ["Feuer", "Wasser", "Erde", "Luft", "Blitz", "Eis"] as const;

/** Trimmed, cut to `max`, and null when empty. */
export const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => {
      const s = (v ?? "").trim().slice(0, max);
      return s === "" ? null : s;
    });

/** A whole number from min to max, or null when empty. */
export const optionalInteger = (min: number, max: number, error: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? Number(v.trim()) : null))
    .pipe(z.number(error).int(error).min(min, error).max(max, error).nullable());

/** A date as YYYY-MM-DD that exists in the calendar, or null when empty. */
export const optionalDay = (error: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : null))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, error)
        .refine(
          (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
          error,
        )
        .nullable(),
    );

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
  schema: z.ZodType | null;
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
 * figure field"). One row drives the admin form's schema (`schema`), its input (`input`, label
 * `admin.fields.<key>`, `wide` fields span the whole form), inheritance by instances (`inherited`,
 * `column` is what boonees.overridden_fields stores), the column lists that read figures (`secret`
 * ones never reach a public query), the create and update values and the characteristics on the
 * figure page (`characteristic`, label `figure.fields.<label ?? key>`). `schema: null` marks a field
 * the form does not edit as text (the picture is uploaded). The Drizzle column (`boonees[key]` in
 * server/db/schema.ts) and its migration are written by hand.
 */
const WRITTEN_FIELDS = [
  {
    key: "name",
    column: "name",
    schema: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().slice(0, 100))
      .pipe(z.string().min(1, "admin.fields.error.nameRequired")),
    input: { type: "text", wide: true, required: true, maxLength: 100 },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "description",
    column: "description",
    schema: optionalText(5000),
    input: { type: "textarea", wide: true, rows: 4, maxLength: 5000 },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: true,
  },
  {
    key: "rarity",
    column: "rarity",
    schema: z.enum(RARITIES, "admin.fields.error.rarity").default("Common"),
    input: { type: "select", options: RARITIES, optionLabel: "common.rarity", defaultValue: "Common" },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "status",
    column: "status",
    schema: z.enum(STATUSES, "admin.fields.error.status").default("Draft"),
    input: { type: "select", options: STATUSES, optionLabel: "admin.status", defaultValue: "Draft" },
    inherited: false,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "series",
    column: "series",
    schema: optionalText(100),
    input: { type: "text", maxLength: 100 },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "imageUrl",
    column: "image_url",
    schema: null,
    input: { type: "upload" },
    inherited: true,
    secret: false,
    characteristic: null,
    translatable: false,
  },
  {
    key: "origin",
    column: "origin",
    schema: optionalText(200),
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "passion",
    column: "passion",
    schema: optionalText(200),
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "superpower",
    column: "superpower",
    schema: optionalText(200),
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "personality",
    column: "personality",
    schema: optionalText(200),
    input: { type: "text", maxLength: 200 },
    inherited: true,
    secret: false,
    characteristic: { show: "text" },
    translatable: true,
  },
  {
    key: "element",
    column: "element",
    schema: z
      .string()
      .optional()
      .transform((v) => (v && v !== "" ? v : null))
      .pipe(z.enum(ELEMENTS, "admin.fields.error.element").nullable()),
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
    schema: optionalDay("admin.fields.error.birthDate"),
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
export type FormField = Exclude<FigureField, { schema: null }>;
export type FormKey = FormField["key"];
export type FieldInput = FigureField["input"];
export type CharacteristicField = Exclude<FigureField, { characteristic: null }>;
export type CharacteristicKey = CharacteristicField["key"];

export const FORM_FIELDS = FIGURE_FIELDS.filter((f): f is FormField => f.schema !== null);
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

/** The zod shape of the form's fields, key by key (shared/schemas/admin.ts builds its schema from it). */
export const figureFieldsShape = Object.fromEntries(FORM_FIELDS.map((f) => [f.key, f.schema])) as {
  [F in FormField as F["key"]]: F["schema"];
};

/** The form's fields of a figure, a template or a parsed form, in the table's order. */
export function formValues<T extends Record<FormKey, unknown>>(row: T): Pick<T, FormKey> {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f.key, row[f.key]])) as Pick<T, FormKey>;
}
