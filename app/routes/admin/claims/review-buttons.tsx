import { BadgeCheckIcon, BanIcon } from "lucide-react";
import { useFetcher } from "react-router";

import { ReasonDialog } from "~/components/admin/reason-dialog";
import { Button } from "~/components/ui/button";
import { useFetcherAnswer } from "~/components/use-fetcher-answer";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** The page's toast for rejections: the dialog closes before the answer comes. */
export const REJECT_FETCHER = "admin-claim-reject";

/** Verify or reject a pending claim (answered by `review.server.ts`). */
export function ReviewButtons({ claimId, name }: { claimId: string; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-2 max-md:justify-start">
      <VerifyButton claimId={claimId} name={name} />
      <ReasonDialog
        fields={{ intent: "reject", claimId }}
        fetcherKey={REJECT_FETCHER}
        label={t("admin.claims.reject")}
        ariaLabel={t("admin.claims.rejectLabel", { name })}
        icon={<BanIcon />}
        title={t("admin.claims.rejectTitle", { name })}
        intro={t("admin.claims.rejectIntro")}
        reasonLabel={t("admin.claims.reason")}
        submitLabel={t("admin.claims.reject")}
      />
    </div>
  );
}

function VerifyButton({ claimId, name }: { claimId: string; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) =>
    answer.ok
      ? toast.success(() => t("admin.claims.verifiedToast", { name }))
      : toast.error(() => t(dataKey(answer.error ?? "admin.error.unexpected"))),
  );
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="claimId" value={claimId} />
      <Button type="submit" size="sm" disabled={busy} aria-label={t("admin.claims.verifyLabel", { name })}>
        <BadgeCheckIcon /> {busy ? t("admin.claims.verifying") : t("admin.claims.verify")}
      </Button>
    </fetcher.Form>
  );
}
