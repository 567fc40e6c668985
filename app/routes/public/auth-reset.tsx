import { useTranslation } from "~/lib/use-translation";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { flashCookie } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { resetPasswordSchema } from "#shared/schemas/account.ts";
import { resetPasswordWithToken } from "#server/domain/accounts/reset-password.ts";
import type { Route } from "./+types/auth-reset";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.resetTitle", "auth.resetIntro");

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export const action = intentAction(
  {
    reset: intent({
      schema: resetPasswordSchema,
      invalid: null,
      fallback: "auth.error.resetInvalid",
      run: async ({ token, password }, { services, lang }) => {
        // proves the mailbox: ends every session, removes passkeys from before the address was proven (decision 022)
        await resetPasswordWithToken(services, { token, password }, lang);
        return redirect("/auth", { headers: { "set-cookie": flashCookie("auth.resetDone", "success") } });
      },
    }),
  },
  { access: "public", defaultIntent: "reset" },
);

// zod comes with the first focus on the form (decision 056)
const loadSchema = () => import("#shared/schemas/account.ts").then((m) => m.resetPasswordSchema);

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const refused = refusedAnswer(actionData);
  const { errors, onSubmit, onFocus } = useClientValidation(loadSchema, refused?.fieldErrors);
  return (
    <PageShell narrow title={t("auth.resetTitle")} intro={t("auth.resetIntro")}>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <FormError error={refused ? (refused.error ?? refused.fieldErrors?.token ?? null) : loaderData.token ? null : "auth.error.resetInvalid"} />
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
