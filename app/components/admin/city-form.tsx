import { Form } from "react-router";

import type { FieldErrors } from "#shared/forms.ts";
import { LANGS } from "#shared/i18n-config.ts";
import { SelectField, TextareaField } from "~/components/admin/figure-fields";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

/** What the form shows: a city being edited, or what was posted back with its errors. */
export type CityFormValues = Partial<Record<CityFormField, string | null>>;

const TEXT_FIELDS = ["nameDe", "nameEn", "slug", "timeZone", "country"] as const;
const OPERATOR_FIELDS = ["operatorName", "operatorAddress", "operatorEmail", "operatorRepresentative"] as const;
type CityFormField =
  (typeof TEXT_FIELDS)[number] | (typeof OPERATOR_FIELDS)[number] | "defaultLang" | "areaDe" | "areaEn";

/** The create and edit form of a city (/admin/cities, decision 053); a plain POST, so it works without JavaScript. */
export function CityForm({
  intent,
  values,
  errors,
  submit,
}: {
  intent: "create" | "update";
  values: CityFormValues;
  errors: FieldErrors;
  submit: string;
}) {
  const { t } = useTranslation();
  const value = (name: CityFormField) => values[name] ?? "";
  return (
    <Form method="post" className="grid max-w-3xl gap-4" data-testid={`city-form-${intent}`} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {errors._form && (
        <p role="alert" className="font-semibold text-destructive">
          {t(errors._form as never)}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((name) => (
          <Field
            key={name}
            name={name}
            label={t(`admin.cities.field.${name}`)}
            hint={
              name === "slug" || name === "timeZone" || name === "country" ? t(`admin.cities.hint.${name}`) : undefined
            }
            defaultValue={value(name)}
            error={errors[name]}
            required={name !== "country"}
            autoCapitalize={name === "slug" ? "off" : undefined}
          />
        ))}
        <SelectField
          name="defaultLang"
          label={t("admin.cities.field.defaultLang")}
          defaultValue={value("defaultLang") || "de"}
          error={errors.defaultLang}
        >
          {LANGS.map((lang) => (
            <option key={lang} value={lang}>
              {t(`admin.cities.lang.${lang}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextareaField
          name="areaDe"
          label={t("admin.cities.field.areaDe")}
          defaultValue={value("areaDe")}
          error={errors.areaDe}
          rows={3}
        />
        <TextareaField
          name="areaEn"
          label={t("admin.cities.field.areaEn")}
          defaultValue={value("areaEn")}
          error={errors.areaEn}
          rows={3}
        />
      </div>
      <fieldset className="grid gap-4 rounded-2xl border-2 border-ink/10 p-4 sm:grid-cols-2">
        <legend className="px-1 font-bold">{t("admin.cities.operator")}</legend>
        {OPERATOR_FIELDS.map((name) => (
          <Field
            key={name}
            name={name}
            label={t(`admin.cities.field.${name}`)}
            defaultValue={value(name)}
            error={errors[name]}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit">{submit}</Button>
      </div>
    </Form>
  );
}
