import { z } from "zod";

import { DROP_AREA_MAX, DROP_FIGURES_MAX, DROP_TEXT_MAX, DROP_TITLE_MAX, HINT_TEXT_MAX } from "../drop-limits.ts";
import { ZONED_INPUT } from "../zoned-time.ts";
import { cityIdField } from "./city.ts";

export { DROP_AREA_MAX, DROP_FIGURES_MAX, DROP_TEXT_MAX, DROP_TITLE_MAX, HINT_TEXT_MAX } from "../drop-limits.ts";

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "admin.error.notFound");
const required = (max: number, key: string) =>
  z
    .string("drops.admin.error." + key)
    .trim()
    .min(1, "drops.admin.error." + key)
    .max(max, "drops.admin.error.tooLong");
const optional = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, "drops.admin.error.tooLong"));
/** A datetime-local value, read in the configured zone by the server (shared/zoned-time.ts). */
const zonedTime = z.string("drops.admin.error.releaseAt").trim().regex(ZONED_INPUT, "drops.admin.error.releaseAt");

/** A drop's texts, shared by create and edit (after release only these change). */
export const dropTextsSchema = z.object({
  titleDe: required(DROP_TITLE_MAX, "title"),
  titleEn: required(DROP_TITLE_MAX, "title"),
  descriptionDe: optional(DROP_TEXT_MAX),
  descriptionEn: optional(DROP_TEXT_MAX),
  areaDe: optional(DROP_AREA_MAX),
  areaEn: optional(DROP_AREA_MAX),
  cityId: cityIdField,
});

/** The figure ids of the picker: one form field "figureIds" per checked box (joined with commas here). */
const figureIds = z
  .string("drops.admin.error.figures")
  .transform((v) => [
    ...new Set(
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(uuid).min(1, "drops.admin.error.figures").max(DROP_FIGURES_MAX, "drops.admin.error.figures"));

/** Creating a drop, or editing one before its release: texts, figures and the release time. */
export const dropScheduleSchema = dropTextsSchema.extend({ releaseAt: zonedTime, figureIds });

/** A later hint: its own release time and both languages. */
export const dropHintSchema = z.object({
  dropId: uuid,
  textDe: required(HINT_TEXT_MAX, "hint"),
  textEn: required(HINT_TEXT_MAX, "hint"),
  releaseAt: zonedTime,
});

export const dropIdSchema = z.object({ dropId: uuid });
export const hintIdSchema = z.object({ hintId: uuid });
