import { Form, Link, useNavigation } from "react-router";
import { FormError } from "~/components/forms/field";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { getViewer } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";
import { confirmEmail } from "#server/domain/accounts/confirm-email.ts";
import type { Route } from "./+types/auth-confirm";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.confirmTitle", "auth.confirmIntro");

export function loader({ request, context }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "", signedIn: !!getViewer(context) };
}

/**
 * The link mailed after a passkey sign-up (decision 022): opening it changes nothing (mail scanners
 * open links); the button confirms, and only from the account's own session.
 */
export const action = intentAction(
  {
    confirm: intent({
      errors: { unauthorized: "auth.confirmSignIn" },
      fallback: "auth.error.confirmInvalid",
      run: async (fields, { services, actor, viewer }) => {
        await confirmEmail(services, actor(), (fields.token ?? "").slice(0, 200), viewer?.sessionId ?? "");
      },
    }),
  },
  { access: "public", defaultIntent: "confirm" },
);

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const error = actionData && !actionData.ok ? actionData.error : loaderData.token ? null : "auth.error.confirmInvalid";
  return (
    <PageShell narrow title={t("auth.confirmTitle")} intro={t("auth.confirmIntro")}>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <FormError error={error} />
          {actionData?.ok ? (
            <p role="status" className="font-semibold">
              {t("auth.confirmDone")}
            </p>
          ) : (
            <>
              {!loaderData.signedIn && <p>{t("auth.confirmSignIn")}</p>}
              <Form method="post" className="grid">
                <input type="hidden" name="token" value={loaderData.token} />
                <Button type="submit" size="lg" disabled={busy || !loaderData.token}>
                  {t("auth.confirmSubmit")}
                </Button>
              </Form>
              <Link to="/auth/forgot" className="text-center text-sm font-semibold text-grape hover:underline">
                {t("auth.confirmNotMe")}
              </Link>
            </>
          )}
        </CardContent>
      </Card>
    </PageShell>
  );
}
