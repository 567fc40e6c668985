import { Form, Link, useNavigation } from "react-router";

import { FormError } from "~/components/forms/field";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { useTranslation } from "~/lib/use-translation";

/**
 * A mailed link's page (confirm e-mails, unsubscribe): opening it changes nothing (mail scanners
 * open links), the button posts it. `area` is the translation group under "channels.".
 */
export function TokenActionPage({
  area,
  token,
  done,
  error,
}: {
  area: "confirm" | "unsubscribe";
  token: string;
  done: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <PageShell narrow title={t(`channels.${area}.heading`)}>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <FormError error={error ?? (token ? null : "channels.error.token")} />
          {done ? (
            <p role="status" className="font-semibold">
              {t(`channels.${area}.done`)}
            </p>
          ) : (
            <>
              <p>{t(`channels.${area}.text`)}</p>
              <Form method="post" className="grid">
                <input type="hidden" name="token" value={token} />
                <Button type="submit" size="lg" disabled={busy || !token}>
                  {t(`channels.${area}.button`)}
                </Button>
              </Form>
            </>
          )}
          <Link
            to="/profile#notification-settings"
            className="text-center text-sm font-semibold text-grape hover:underline"
          >
            {t(`channels.${area}.toPreferences`)}
          </Link>
        </CardContent>
      </Card>
    </PageShell>
  );
}
