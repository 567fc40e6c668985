import { Form, Link, useNavigation } from "react-router";

import { PasskeyButton } from "~/components/auth/passkey-button";
import { Notice } from "~/components/forms/field";
import { OfflineNote } from "~/components/forms/offline-note";
import { SignUpFields } from "~/components/forms/sign-up-fields";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { refusedAnswer, type ActionAnswer } from "~/lib/action-answer";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** A refused claim's own field: a refused account step (`auth.error.*`) is shown on its own. */
export type ClaimRefused = { alone?: boolean };
/**
 * What a claim or sign-up-and-claim answers when it does not redirect (decision 054, app/claim-account.server.ts):
 * a refusal (a claim's error behind the spec's claim.error.resolve prefix, an account's alone, the sign-up's
 * fields), or "check your mailbox" (`message`) with the fields as typed.
 */
export type ClaimAnswerExtra = { values?: Record<string, string> };
export type ClaimAnswer = ActionAnswer<ClaimAnswerExtra, ClaimRefused>;

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
  answer?: ClaimAnswer;
  /** "Already have an account?": back to this page after signing in */
  loginHref: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The browser checks the fields natively (required, type, minLength); the action re-checks with the schema.
  const refused = refusedAnswer(answer);
  const errors = refused?.fieldErrors ?? {};
  // A failed claim shows its message behind the spec's prefix (claim.error.resolve); an account error on its own.
  const message = refused?.error ? t(dataKey(refused.error), refused.params) : null;
  const failure = message && !refused?.alone ? `${t("claim.error.resolve")}: ${message}` : message;
  const notice = answer?.ok ? answer.message : undefined;
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
        {notice && <Notice text={t(dataKey(notice))} />}
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
