import { z } from "zod";

import { FORM_FIELDS, type FieldRule, type FormField, type RuleValue } from "./figure-fields.ts";

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

/** The zod schema of a row's rule (shared/figure-fields.ts): the one the admin action parses the posted form with. */
export function fieldSchema(rule: FieldRule): z.ZodType {
  if ("text" in rule)
    return rule.required
      ? z
          .string()
          .optional()
          .transform((v) => (v ?? "").trim().slice(0, rule.text))
          .pipe(z.string().min(1, rule.required))
      : optionalText(rule.text);
  if ("integer" in rule) return optionalInteger(rule.integer[0], rule.integer[1], rule.error);
  if ("day" in rule) return optionalDay(rule.day);
  const oneOf = z.enum(rule.oneOf as [string, ...string[]], rule.error);
  return rule.default !== undefined
    ? oneOf.default(rule.default)
    : z
        .string()
        .optional()
        .transform((v) => (v && v !== "" ? v : null))
        .pipe(oneOf.nullable());
}

/** The zod shape of the form's fields, key by key (shared/schemas/admin.ts builds its schema from it). */
export const figureFieldsShape = Object.fromEntries(FORM_FIELDS.map((f) => [f.key, fieldSchema(f.rule)])) as {
  [F in FormField as F["key"]]: z.ZodType<RuleValue<F["rule"]>, string | undefined>;
};
