import { useTranslation } from "~/lib/use-translation";
import { useDates } from "~/lib/use-dates";
import { CHARACTERISTIC_FIELDS, type CharacteristicKey } from "#shared/figure-fields.ts";

export type CharacteristicsData = { [K in CharacteristicKey]: string | number | null };

/**
 * The rows of shared/figure-fields.ts with a `characteristic` (origin, passion, superpower,
 * personality, element, birthday): each only if set, labelled `boonee.fields.<label ?? key>`; nothing when none is.
 */
export function Characteristics({ data }: { data: CharacteristicsData }) {
  const { t } = useTranslation();
  const dates = useDates();
  const items: [string, string][] = [];
  for (const { key, characteristic: c } of CHARACTERISTIC_FIELDS) {
    const value = data[key];
    if (value == null || value === "") continue;
    const label = "label" in c ? c.label : key;
    if (c.show === "option") items.push([label, t(`${c.optionLabel}.${value}`, { defaultValue: String(value) })]);
    else if (c.show === "day") items.push([label, dates.calendarDay(String(value))]);
    else items.push([label, String(value)]);
  }
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
