import { ShieldCheckIcon } from "lucide-react";

import { useTranslation } from "~/lib/use-translation";

const RULES = ["private", "traffic", "nature"] as const;

/** The rules every drop shows (product decisions "Drops"). */
export function SafetyRules() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="safety-title"
      className="rounded-2xl border-2 border-ink/10 bg-white p-5"
      data-testid="drop-safety"
    >
      <h2 id="safety-title" className="flex items-center gap-2 font-display text-xl font-bold">
        <ShieldCheckIcon aria-hidden="true" className="size-5 text-grape" />
        {t("drops.safety.title")}
      </h2>
      <ul className="mt-3 grid gap-2">
        {RULES.map((rule) => (
          <li key={rule} className="flex gap-2">
            <span aria-hidden="true">•</span>
            <span>
              <strong>{t(`drops.safety.${rule}.title`)}</strong> {t(`drops.safety.${rule}.text`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
