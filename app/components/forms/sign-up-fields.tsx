import type { FieldErrors } from "#shared/forms.ts";
import { useTranslation } from "~/lib/use-translation";

import { Field } from "./field";

/** `values`: what the person typed, put back after a refused sign-up (never the password). */
export function SignUpFields({ errors, values }: { errors: FieldErrors; values?: { name?: string; email?: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        name="name"
        label={t("auth.name")}
        autoComplete="name"
        required
        maxLength={100}
        hint={t("auth.nameHint")}
        error={errors.name}
        defaultValue={values?.name}
      />
      <Field
        name="email"
        type="email"
        label={t("auth.email")}
        autoComplete="email"
        required
        error={errors.email}
        defaultValue={values?.email}
      />
      <Field
        name="password"
        type="password"
        label={t("auth.password")}
        autoComplete="new-password"
        required
        minLength={6}
        maxLength={128}
        hint={t("auth.passwordHint")}
        error={errors.password}
      />
    </>
  );
}
