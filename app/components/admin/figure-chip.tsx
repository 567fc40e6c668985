import { FigureImage } from "~/components/figure-image";
import { useTranslation } from "~/lib/use-translation";

/** A figure in one line as the admin shows it everywhere: thumbnail, name, "Nr. 3 · Code 8WU2EJ", series. */
export function FigureChip({
  figure,
}: {
  figure: { name: string; imageUrl: string | null; number: number; code: string | null; series?: string | null };
}) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-center gap-2" data-testid="figure-chip">
      <FigureImage src={figure.imageUrl} alt="" className="size-10 shrink-0 rounded-lg text-[0px] [&_span]:text-xl" />
      <span className="min-w-0">
        <span className="block font-semibold wrap-anywhere">{figure.name}</span>
        <span className="block text-xs text-muted-foreground wrap-anywhere">
          {[
            t("admin.boonees.number", { number: figure.number }),
            figure.code && `${t("admin.boonees.code")} ${figure.code}`,
            figure.series,
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </span>
    </span>
  );
}
