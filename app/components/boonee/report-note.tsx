import { TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import type { ReportKind } from "#shared/schemas/report.ts";

/** The public note once two people reported the figure: maybe missing, or maybe damaged. */
export function ReportNote({ issue }: { issue: ReportKind }) {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      data-testid="report-note"
      className="flex items-start gap-2 rounded-xl bg-[#fff1c2] px-4 py-3 text-sm font-semibold text-[#7a4a00]"
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{t(`life.note.${issue}Title`)}</strong> {t(`life.note.${issue}Text`)}
      </span>
    </p>
  );
}
