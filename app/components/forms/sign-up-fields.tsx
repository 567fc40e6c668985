import { useTranslation } from "~/lib/use-translation";
import type { FieldErrors } from "~/lib/forms";
import { Field } from "./field";

export function SignUpFields({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <>
      <Field name="name" label={t("auth.name")} autoComplete="name" required maxLength={100} hint={t("auth.nameHint")} error={errors.name} />
      <Field name="email" type="email" label={t("auth.email")} autoComplete="email" required error={errors.email} />
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
