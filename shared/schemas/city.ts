import { z } from "zod";

import { CITY_SLUG_PATTERN, isReservedCitySlug } from "../city-slug.ts";
import { isTimeZone } from "../dates.ts";
import { LANGS } from "../i18n-config.ts";

const text = (max: number, required: string | null = null) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(
      required
        ? z.string().min(1, required).max(max, "admin.cities.error.tooLong")
        : z.string().max(max, "admin.cities.error.tooLong"),
    );

const optional = (max: number) => text(max).transform((v) => (v === "" ? null : v));

/** A city as an admin creates or edits it (/admin/cities, decision 053); error messages are translation keys. */
export const citySchema = z.object({
  nameDe: text(80, "admin.cities.error.nameRequired"),
  nameEn: text(80, "admin.cities.error.nameRequired"),
  slug: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toLowerCase())
    .pipe(
      z
        .string()
        .regex(CITY_SLUG_PATTERN, "admin.cities.error.slugPattern")
        .refine((s) => !isReservedCitySlug(s), "admin.cities.error.slugReserved"),
    ),
  timeZone: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().refine(isTimeZone, "admin.cities.error.timeZone")),
  defaultLang: z.enum(LANGS, { message: "admin.cities.error.defaultLang" }),
  country: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, "admin.cities.error.country")),
  areaDe: text(500),
  areaEn: text(500),
  operatorName: optional(200),
  operatorAddress: optional(300),
  operatorEmail: optional(200).pipe(z.email("admin.cities.error.operatorEmail").nullable()),
  operatorRepresentative: optional(200),
});

export type CityInput = z.output<typeof citySchema>;

/** The first city (migration 0034): the default where a form names none. */
export const FIRST_CITY = 1;

/** A form's city select (create figure, drop form): a city id; empty or absent is the first city. */
export const cityIdField = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? Number(v.trim()) : FIRST_CITY))
  .pipe(
    z
      .number("admin.cities.error.unknown")
      .int("admin.cities.error.unknown")
      .min(1, "admin.cities.error.unknown")
      .max(2_147_483_647, "admin.cities.error.unknown"),
  );

/** The figure edit dialog's city select: a city id, or absent / empty to keep the figure's city. */
export const changedCityIdField = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? Number(v.trim()) : undefined))
  .pipe(
    z
      .number("admin.cities.error.unknown")
      .int("admin.cities.error.unknown")
      .min(1, "admin.cities.error.unknown")
      .max(2_147_483_647, "admin.cities.error.unknown")
      .optional(),
  );
