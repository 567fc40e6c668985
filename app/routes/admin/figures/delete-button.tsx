import { Trash2Icon } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";

import { FigureIdentity } from "~/components/admin/figure-identity";
import { ConfirmButton } from "~/components/confirm-button";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { FigureAnswerExtra, FigureItem } from "./figure-item";

/** One fetcher shared by the page and the cards: a deleted card is gone, the page still reports. */
const DELETE_FETCHER = "admin-boonee-delete";

/** The page's toast after a deletion. */
export function useDeleteToast() {
  const { t } = useTranslation();
  const deleter = useFetcher<ActionAnswer<FigureAnswerExtra>>({ key: DELETE_FETCHER });
  useEffect(() => {
    if (deleter.state !== "idle" || !deleter.data) return;
    const answer = deleter.data;
    if (answer.ok) toast.success(() => t("admin.boonees.deleted"));
    else toast.error(() => t(dataKey(answer.error ?? "admin.boonees.deleteError")));
  }, [deleter.state, deleter.data, t]);
}

/** Delete a figure after a confirmation (answered by `delete.server.ts`); a type with instances is refused. */
export function DeleteButton({ item }: { item: FigureItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer<FigureAnswerExtra>>({ key: DELETE_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  const instances = item.instances?.instances ?? 0;
  return (
    <ConfirmButton
      destructive
      refused={instances > 0}
      title={t("admin.boonees.deleteTitle", { name: item.name })}
      description={t("admin.boonees.deleteConfirm")}
      confirmLabel={t("admin.boonees.delete")}
      disabled={busy}
      extra={
        <>
          {/* Which of a type's figures goes: its number and code, as on its card. */}
          <FigureIdentity number={item.number} code={item.code} placementNote={null} />
          {item.ownerId && (
            <p className="text-sm font-semibold text-destructive">{t("admin.boonees.deleteClaimedWarning")}</p>
          )}
          {instances > 0 && (
            <p className="text-sm font-semibold text-destructive" data-testid="delete-type-refused">
              {t("admin.boonees.deleteTypeWithInstances", { count: instances })}
            </p>
          )}
        </>
      }
      onConfirm={() => fetcher.submit({ intent: "delete", id: item.id }, { method: "post" })}
    >
      <Trash2Icon /> {t("admin.boonees.delete")}
    </ConfirmButton>
  );
}
