import { TriangleAlertIcon } from "lucide-react";

import { REPORT_KINDS, type ReportKind } from "#shared/report-kinds.ts";
import { useTranslation } from "~/lib/use-translation";

/**
 * The public note once two counted reports are open: maybe missing (any of them says so) or maybe
 * damaged, and what was reported ("reported missing: 1×, reported damaged: 1×"), never more than that.
 */
export function ReportNote({ issue, counts }: { issue: ReportKind; counts?: Record<ReportKind, number> | null }) {
  const { t } = useTranslation();
  const reported = REPORT_KINDS.filter((kind) => (counts?.[kind] ?? 0) > 0).map((kind) =>
    t(`life.note.reported.${kind}`, { count: counts![kind] }),
  );
  return (
    <p
      role="note"
      data-testid="report-note"
      className="flex items-start gap-2 rounded-xl bg-[#fff1c2] px-4 py-3 text-sm font-semibold text-[#7a4a00]"
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{t(`life.note.${issue}Title`)}</strong> {reported.length > 0 && `${reported.join(" ")} `}
        {t("life.note.teamLooks")}
      </span>
    </p>
  );
}
