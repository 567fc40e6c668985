import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { langContext } from "#server/router-context.ts";
import { flashCookie, getServices, requestForm } from "~/guards.server";
import { formFields, validate } from "#shared/forms.ts";
import { pageMeta } from "~/lib/meta";
import { resetPasswordSchema } from "#shared/schemas/account.ts";
import { DomainError } from "#server/domain/errors.ts";
import { resetPasswordWithToken } from "#server/domain/accounts/reset-password.ts";
import type { Route } from "./+types/auth-reset";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.resetTitle", "auth.resetIntro");

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const parsed = validate(resetPasswordSchema, formFields(await requestForm(request)));
  if (!parsed.ok) return data({ errors: parsed.errors, error: parsed.errors.token ?? null }, { status: 400 });
  try {
    // proves the mailbox: ends every session, removes passkeys from before the address was proven (decision 022)
    await resetPasswordWithToken(services, { token: parsed.data.token, password: parsed.data.password }, context.get(langContext));
  } catch (e) {
    if (e instanceof DomainError) return data({ errors: {}, error: "auth.error.resetInvalid" }, { status: 400 });
    throw e;
  }
  return redirect("/auth", { headers: { "set-cookie": flashCookie("auth.resetDone", "success") } });
}

// zod comes with the first focus on the form (decision 056)
const loadSchema = () => import("#shared/schemas/account.ts").then((m) => m.resetPasswordSchema);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, onFocus } = useClientValidation(loadSchema, actionData?.errors);
  return (
    <PageShell narrow title={t("auth.resetTitle")} intro={t("auth.resetIntro")}>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <FormError error={actionData?.error ?? (loaderData.token ? null : "auth.error.resetInvalid")} />
          <Form method="post" className="grid gap-4" onSubmit={onSubmit} onFocus={onFocus} noValidate>
            <input type="hidden" name="token" value={loaderData.token} />
            <Field name="password" type="password" label={t("auth.password")} autoComplete="new-password" required minLength={6} maxLength={128} hint={t("auth.passwordHint")} error={errors.password} />
            <Button type="submit" size="lg" disabled={busy || !loaderData.token}>
              {t("auth.resetSubmit")}
            </Button>
          </Form>
          <Link to="/auth/forgot" className="text-center text-sm font-semibold text-grape hover:underline">
            {t("auth.forgot")}
          </Link>
        </CardContent>
      </Card>
    </PageShell>
  );
}
