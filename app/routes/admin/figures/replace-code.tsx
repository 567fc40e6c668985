import { RefreshCwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";

import { normalizeCode } from "#shared/claim-code-rule.ts";
import { listHref } from "~/components/admin/admin-page";
import { ClaimUrlResult } from "~/components/admin/claim-url-result";
import { ConfirmButton } from "~/components/confirm-button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { FigureItem } from "./figure-item";
import type { ReplaceExtra } from "./replace-code.server";

/** The page, not the card, shows a replaced code: the card may leave the list (it was found by its old code). */
const REPLACE_FETCHER = "admin-boonee-replace";

/** Replaces an unclaimed figure's code after a confirmation (answered by `replace-code.server.ts`). */
export function ReplaceCodeButton({ item }: { item: FigureItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer<ReplaceExtra>>({ key: REPLACE_FETCHER });
  return (
    <ConfirmButton
      title={t("admin.boonees.replaceTitle", { name: item.name })}
      description={t("admin.boonees.replaceConfirm")}
      confirmLabel={t("admin.boonees.replaceCode")}
      disabled={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "replaceCode", id: item.id }, { method: "post" })}
    >
      <RefreshCwIcon /> {t("admin.boonees.replaceCode")}
    </ConfirmButton>
  );
}

/**
 * The new code of a replaced figure, whatever the list shows now. A list searched by the old code
 * (which no longer matches anything) follows to the new one, so the figure stays on screen too.
 */
export function ReplacedCodeDialog({ q, status }: { q: string; status: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionAnswer<ReplaceExtra>>({ key: REPLACE_FETCHER });
  const [shown, setShown] = useState<ActionAnswer<ReplaceExtra> | null>(null);
  const result = fetcher.data?.intent === "replaceCode" ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (!result.ok) {
      toast.error(() => t(dataKey(result.error ?? "admin.boonees.replaceError")));
      return;
    }
    setShown(result);
    if (q && result.previousCode && normalizeCode(q) === result.previousCode)
      navigate(listHref("/admin/boonees", { q: result.code, status }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not again after the list follows
  }, [fetcher.state, result]);
  if (!shown?.ok) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && setShown(null)}>
      <DialogContent className="max-w-lg">
        <DialogHeader className="sr-only">
          <DialogTitle>{t("admin.boonees.replacedTitle", { name: shown.name })}</DialogTitle>
          <DialogDescription>{t("admin.boonees.replacedIntro")}</DialogDescription>
        </DialogHeader>
        <ClaimUrlResult
          {...shown}
          title={t("admin.boonees.replacedTitle", { name: shown.name })}
          intro={t("admin.boonees.replacedIntro")}
        />
      </DialogContent>
    </Dialog>
  );
}
