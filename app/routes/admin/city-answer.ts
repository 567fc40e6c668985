import type { FieldErrors } from "#shared/forms.ts";
import { refusedAnswer, type ActionAnswer } from "~/lib/action-answer";

/** The city form's fields a refusal gives back as posted (decision 054's `echo`). */
export const CITY_FIELDS = [
  "nameDe",
  "nameEn",
  "slug",
  "timeZone",
  "country",
  "defaultLang",
  "areaDe",
  "areaEn",
  "operatorName",
  "operatorAddress",
  "operatorEmail",
  "operatorRepresentative",
] as const;

/** A taken slug is the slug field's error; any other refusal is the form's. */
export const CITY_ERRORS = { slugTaken: { error: "admin.cities.error.slugTaken", field: "slug" } };

/** The city form's errors from an answer: each field's, and the form's own as `_form`. */
export function cityFormErrors(answer: ActionAnswer | undefined): FieldErrors {
  const refused = refusedAnswer(answer);
  if (!refused) return {};
  return refused.error ? { ...refused.fieldErrors, _form: refused.error } : refused.fieldErrors;
}
