import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { EMBER_AA } from "~/components/landing/tones";

/** For everyone but the owner: a call to claim (this one if it is still available, or their own). */
export function ClaimCta({ claimed }: { claimed: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="claim-cta-title" className="rounded-2xl bg-grape p-5 text-white" data-testid="claim-cta">
      <h2 id="claim-cta-title" className="font-display text-2xl font-bold">
        {claimed ? t("boonee.cta.claimedTitle") : t("boonee.cta.availableTitle")}
      </h2>
      <p className="mt-1">{claimed ? t("boonee.cta.claimedText") : t("boonee.cta.availableText")}</p>
      <Button asChild variant="ember" size="lg" className={`mt-4 ${EMBER_AA}`}>
        <Link to="/claim">{t("boonee.cta.button")}</Link>
      </Button>
    </section>
  );
}
