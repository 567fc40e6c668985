import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { Field, Notice } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { intent, intentAction } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { forgotPasswordSchema } from "#shared/schemas/account.ts";
import { requestPasswordReset } from "#server/domain/accounts/request-password-reset.ts";
import type { Route } from "./+types/auth-forgot";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.forgotTitle", "auth.forgotIntro");

export const action = intentAction(
  {
    forgot: intent({
      schema: forgotPasswordSchema,
      invalid: null,
      run: async ({ email }, { services, request }) => {
        // The answer is the same whether or not the address has an account (no account discovery).
        await requestPasswordReset(services, email, request.headers);
      },
    }),
  },
  { access: "public", defaultIntent: "forgot" },
);

// zod comes with the first focus on the form (decision 056)
const loadSchema = () => import("#shared/schemas/account.ts").then((m) => m.forgotPasswordSchema);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit, onFocus } = useClientValidation(loadSchema, refusedAnswer(actionData)?.fieldErrors);
  return (
    <PageShell narrow title={t("auth.forgotTitle")} intro={t("auth.forgotIntro")}>
      <Card>
        <CardContent className="pt-5">
          {actionData?.ok ? (
            <Notice text={t("auth.forgotSent")} />
          ) : (
            <Form method="post" className="grid gap-4" onSubmit={onSubmit} onFocus={onFocus} noValidate>
              <Field name="email" type="email" label={t("auth.email")} autoComplete="email" required error={errors.email} />
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? t("auth.busy") : t("auth.forgotSubmit")}
              </Button>
            </Form>
          )}
          <p className="mt-5 text-center text-sm">
            <Link to="/auth" className="font-semibold text-grape hover:underline">
              {t("auth.backToLogin")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </PageShell>
  );
}
