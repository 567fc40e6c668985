import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { getServices } from "~/guards.server";
import { formFields, validate } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { forgotPasswordSchema } from "~/lib/schemas/account";
import { longestWait, recordFailure } from "../../../server/domain/throttle.ts";
import { logError } from "../../../server/log-error.ts";
import type { Route } from "./+types/auth-forgot";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.forgotTitle", "auth.forgotIntro");

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const parsed = validate(forgotPasswordSchema, formFields(await request.formData()));
  if (!parsed.ok) return data({ sent: false, errors: parsed.errors }, { status: 400 });
  const key = `reset:ip:${request.headers.get("x-boonees-client-ip") ?? "unknown"}`;
  // The answer is the same whether or not the address has an account (no account discovery).
  if ((await longestWait(services.db, [key])) === 0) {
    await recordFailure(services.db, key);
    await services.auth.api.requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/auth/reset" } }).catch((e) => {
      logError(services.log, e, { request }, "password reset request failed");
    });
  }
  return { sent: true, errors: {} };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { errors, onSubmit } = useClientValidation(forgotPasswordSchema, actionData?.errors);
  return (
    <PageShell narrow title={t("auth.forgotTitle")} intro={t("auth.forgotIntro")}>
      <Card>
        <CardContent className="pt-5">
          {actionData?.sent ? (
            <p role="status" className="rounded-xl bg-[#dff5e6] px-4 py-3 font-semibold text-[#1d6b3c]">
              {t("auth.forgotSent")}
            </p>
          ) : (
            <Form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
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
