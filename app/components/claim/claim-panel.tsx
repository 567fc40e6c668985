import { Form, Link, useNavigation } from "react-router";

import type { FieldErrors } from "#shared/forms.ts";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { Notice } from "~/components/forms/field";
import { OfflineNote } from "~/components/forms/offline-note";
import { SignUpFields } from "~/components/forms/sign-up-fields";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** What a refused claim or sign-up-and-claim answers. */
export type FailedClaim = {
  /** a refused claim or code: shown behind the spec's claim.error.resolve prefix */
  error: string | null;
  /** a refused sign-up: shown on its own */
  accountError?: string;
  params?: Record<string, unknown>;
  errors: FieldErrors;
  notice?: string;
  values?: { name?: string; email?: string };
};

/**
 * Claiming a found figure: signed in, one button; signed out, the account (password or passkey sign-up,
 * or a passkey sign-in) and the claim in one form. Used by the claim link and the tap page alike. Sent
 * from a dead spot, either form waits with everything typed and goes once the phone is online (OfflineNote).
 */
export function ClaimPanel({
  signedIn,
  name,
  answer,
  loginHref,
}: {
  signedIn: boolean;
  name: string;
  answer?: FailedClaim;
  /** "Already have an account?": back to this page after signing in */
  loginHref: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The browser checks the fields natively (required, type, minLength); the action re-checks with the schema.
  const errors = answer?.errors ?? {};
  // A failed claim shows its message behind the spec's prefix (claim.error.resolve); an account error on its own.
  const failure = answer?.error
    ? `${t("claim.error.resolve")}: ${t(dataKey(answer.error), answer.params)}`
    : answer?.accountError
      ? t(dataKey(answer.accountError), answer.params)
      : null;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <h2 className="font-display text-2xl font-bold">{t("claim.foundTitle", { name })}</h2>
        <p className="text-sm text-muted-foreground">
          {signedIn ? t("claim.availableText") : t("claim.signedOutText")}
        </p>
        {failure && (
          <p
            role="alert"
            className="rounded-xl border-2 border-destructive/30 bg-[#ffe0dc] px-4 py-3 text-sm font-semibold text-[#9b1c1c]"
          >
            {failure}
          </p>
        )}
        {answer?.notice && <Notice text={t(dataKey(answer.notice))} />}
        {signedIn ? (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="claim" />
            <OfflineNote />
            <Button
              type="submit"
              size="lg"
              variant="slime"
              className="w-full"
              disabled={busy}
              data-busy-label={t("claim.claiming")}
            >
              {busy ? t("claim.claiming") : t("claim.claimButton")}
            </Button>
          </Form>
        ) : (
          <>
            <PasskeyButton kind="login" intent="passkeyLogin" label={t("claim.passkeyClaim")} />
            <Form method="post" className="grid gap-4" id="claim-signup">
              <input type="hidden" name="intent" value="signup" />
              <SignUpFields errors={errors} values={answer?.values} />
              <OfflineNote password />
              <Button type="submit" size="lg" variant="slime" disabled={busy} data-busy-label={t("claim.claiming")}>
                {busy ? t("claim.claiming") : t("claim.signUpAndClaim")}
              </Button>
            </Form>
            <PasskeyButton
              kind="signup"
              intent="passkeySignup"
              label={t("claim.passkeySignUp")}
              fieldsFrom="claim-signup"
            />
            <Link to={loginHref} className="text-center text-sm font-semibold text-grape hover:underline">
              {t("claim.loginInstead")}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
