import { Link } from "react-router";

import type { Availability } from "#shared/figure-status.ts";
import { EMBER_AA } from "~/components/landing/tones";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";
import type { MessageKey } from "~/locales/message-key";

const TEXTS: Record<Availability, { title: MessageKey; text: MessageKey }> = {
  available: { title: "figure.cta.availableTitle", text: "figure.cta.availableText" },
  claimed: { title: "figure.cta.claimedTitle", text: "figure.cta.claimedText" },
  noLongerClaimable: { title: "figure.cta.noLongerClaimableTitle", text: "figure.cta.noLongerClaimableText" },
};

/** For everyone but the owner: a call to claim (this one if it is still available, or their own). */
export function ClaimCta({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const retired = availability === "noLongerClaimable";
  return (
    <section aria-labelledby="claim-cta-title" className="rounded-2xl bg-grape p-5 text-white" data-testid="claim-cta">
      <h2 id="claim-cta-title" className="font-display text-2xl font-bold">
        {t(TEXTS[availability].title)}
      </h2>
      <p className="mt-1">{t(TEXTS[availability].text)}</p>
      <Button asChild variant="ember" size="lg" className={`mt-4 ${EMBER_AA}`}>
        <Link to={retired ? "/boonees" : "/claim"}>{t(retired ? "figure.cta.toGallery" : "figure.cta.button")}</Link>
      </Button>
    </section>
  );
}
