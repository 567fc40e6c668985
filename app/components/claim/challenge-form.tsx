import type { ClaimChallenge } from "#server/domain/codes/claim-challenge.ts";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { CHALLENGE_FIELD } from "~/lib/claim-challenge";
import { useTranslation } from "~/lib/use-translation";

/**
 * From a locked address, the code goes on only with a solved proof-of-work challenge (decision 014).
 * /claim-challenge.js solves it in the browser (with or without React running) and enables the button;
 * without JavaScript the page says why it cannot go on.
 */
export function ChallengeForm({
  code,
  challenge,
  error,
  params,
}: {
  code: string;
  challenge: ClaimChallenge;
  error: string;
  params?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    // a plain form: a document post works the same before and after React starts
    <form method="post" action="/claim" className="grid gap-3" data-claim-challenge={JSON.stringify(challenge)}>
      <FormError error={error} params={params} />
      <p className="text-sm" data-testid="challenge-explain">
        {t("claim.challenge.explain")}
      </p>
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name={CHALLENGE_FIELD} />
      {/* hidden by the solver once it runs (React does not render <noscript> content) */}
      <p className="text-sm font-semibold" data-challenge-noscript>
        {t("claim.challenge.noScript", { minutes: params?.minutes ?? 10 })}
      </p>
      <p hidden role="alert" className="text-sm font-semibold text-[#9b1c1c]" data-challenge-failed>
        {t("claim.challenge.failed")}
      </p>
      <Button
        type="submit"
        size="lg"
        disabled
        data-working-label={t("claim.challenge.working")}
        data-busy-label={t("claim.verifying")}
      >
        {t("claim.challenge.submit")}
      </Button>
      <script src="/claim-challenge.js" async />
    </form>
  );
}
