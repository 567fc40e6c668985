import { useTranslation } from "~/lib/use-translation";
import { formatDay } from "~/lib/dates";

export interface CharacteristicsData {
  origin: string | null;
  passion: string | null;
  superpower: string | null;
  personality: string | null;
  element: string | null;
  birthDate: string | null;
}

/** 'YYYY-MM-DD' as a local calendar day (no time-zone shift). */
const localDay = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y, (m ?? 1) - 1, d ?? 1);
};

/** Origin, passion, superpower, personality, element and birthday: each only if set; nothing when none is. */
export function Characteristics({ data }: { data: CharacteristicsData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "de";
  const items: [string, string][] = [];
  if (data.origin) items.push(["origin", data.origin]);
  if (data.passion) items.push(["passion", data.passion]);
  if (data.superpower) items.push(["superpower", data.superpower]);
  if (data.personality) items.push(["personality", data.personality]);
  if (data.element) items.push(["element", t(`boonee.elements.${data.element}`, { defaultValue: data.element })]);
  if (data.birthDate) items.push(["birthday", formatDay(localDay(data.birthDate), lang)]);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="characteristics-title" className="rounded-2xl border-2 border-ink/10 bg-white p-5">
      <h2 id="characteristics-title" className="font-display text-2xl font-bold">
        {t("boonee.characteristics")}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="characteristics">
        {items.map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs font-bold tracking-wide text-muted-foreground uppercase">{t(`boonee.fields.${key}`)}</dt>
            <dd className="font-semibold wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
