import type { DeliveryCounts as Counts } from "#server/domain/notifications/count-deliveries.ts";
import { useTranslation } from "~/lib/use-translation";

/** "Push/e-mail: sent to N, pending M, failed K" of a broadcast or a drop. */
export function DeliveryCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  return <span data-testid="deliveries">{t("admin.deliveries", { ...counts })}</span>;
}
