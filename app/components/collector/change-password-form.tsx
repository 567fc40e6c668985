import { KeyRoundIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";

import type { FieldErrors } from "#shared/forms.ts";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

/** "Change password" on the profile: the current password, a new one; other devices are signed out. */
// zod comes with the first focus on the form (decision 056)
const loadSchema = () => import("#shared/schemas/account.ts").then((m) => m.changePasswordSchema);

export function ChangePasswordForm({
  result,
}: {
  result?: { errors?: FieldErrors; error?: string | null; params?: Record<string, unknown>; changed?: number };
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "changePassword";
  const { errors, onSubmit, onFocus, stale } = useClientValidation(loadSchema, result?.errors);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.changed) form.current?.reset();
  }, [result?.changed]);
  return (
    <Form
      ref={form}
      method="post"
      preventScrollReset
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      className="grid max-w-md gap-4"
    >
      <input type="hidden" name="intent" value="changePassword" />
      <FormError error={stale ? null : result?.error} params={result?.params} />
      <Field
        name="currentPassword"
        type="password"
        label={t("profile.password.current")}
        autoComplete="current-password"
        error={errors.currentPassword}
        required
      />
      <Field
        name="newPassword"
        type="password"
        label={t("profile.password.new")}
        hint={t("profile.password.hint")}
        autoComplete="new-password"
        error={errors.newPassword}
        minLength={6}
        maxLength={128}
        required
      />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
        <KeyRoundIcon /> {busy ? t("profile.password.busy") : t("profile.password.submit")}
      </Button>
    </Form>
  );
}
