import { useTranslation } from "~/lib/use-translation";
import { useDates } from "~/lib/use-dates";

export interface CharacteristicsData {
  origin: string | null;
  passion: string | null;
  superpower: string | null;
  personality: string | null;
  element: string | null;
  birthDate: string | null;
}

/** Origin, passion, superpower, personality, element and birthday: each only if set; nothing when none is. */
export function Characteristics({ data }: { data: CharacteristicsData }) {
  const { t } = useTranslation();
  const dates = useDates();
  const items: [string, string][] = [];
  if (data.origin) items.push(["origin", data.origin]);
  if (data.passion) items.push(["passion", data.passion]);
  if (data.superpower) items.push(["superpower", data.superpower]);
  if (data.personality) items.push(["personality", data.personality]);
  if (data.element) items.push(["element", t(`boonee.elements.${data.element}`, { defaultValue: data.element })]);
  if (data.birthDate) items.push(["birthday", dates.calendarDay(data.birthDate)]);
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
