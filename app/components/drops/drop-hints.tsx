import { LightbulbIcon } from "lucide-react";

import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import { useBilingual } from "./bilingual";

/** The hints released so far, oldest first, timed in the drop's city's zone (decision 053). */
export function DropHints({
  hints,
  timeZone,
}: {
  hints: { id: string; text: { de: string; en: string }; releasedAt: string }[];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const dates = useDates(timeZone);
  const pick = useBilingual();
  if (!hints.length) return null;
  return (
    <section aria-label={t("drops.hints")} className="mt-4">
      <h3 className="font-display text-lg font-bold">{t("drops.hints")}</h3>
      <ol className="mt-2 grid gap-2" data-testid="drop-hints">
        {hints.map((h) => (
          <li key={h.id} className="flex gap-2 rounded-xl bg-white/80 p-3">
            <LightbulbIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ember" />
            <span>
              <span className="mr-2 text-sm text-ink-soft">{dates.time(h.releasedAt)}</span>
              {pick(h.text)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
