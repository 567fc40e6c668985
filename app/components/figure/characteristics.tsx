import type { InLanguage } from "#shared/content-language.ts";
import {
  CHARACTERISTIC_FIELDS,
  englishKey,
  type CharacteristicKey,
  type TranslatableKey,
} from "#shared/figure-fields.ts";
import { ContentText, useInLanguage } from "~/components/content-text";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

export type CharacteristicsData = { [K in CharacteristicKey]: string | number | null } & {
  [K in Extract<CharacteristicKey, TranslatableKey> as `${K}En`]: string | null;
};

/**
 * The rows of shared/figure-fields.ts with a `characteristic` (origin, passion, superpower,
 * personality, element, birthday): each only if set, labelled `figure.fields.<label ?? key>`; nothing
 * when none is. Translatable ones in the page's language, the German text marked where English is missing.
 */
export function Characteristics({ data }: { data: CharacteristicsData }) {
  const { t } = useTranslation();
  const dates = useDates();
  const pick = useInLanguage();
  const items: [string, InLanguage | string][] = [];
  for (const field of CHARACTERISTIC_FIELDS) {
    const { key, characteristic: c } = field;
    const value = data[key];
    const label = "label" in c ? c.label : key;
    if (field.translatable) {
      const text = pick(value as string | null, data[englishKey(field.key)]);
      if (text) items.push([label, text]);
      continue;
    }
    if (value == null || value === "") continue;
    if (c.show === "option") items.push([label, t(`${c.optionLabel}.${value}`, { defaultValue: String(value) })]);
    else if (c.show === "day") items.push([label, dates.calendarDay(String(value))]);
    else items.push([label, String(value)]);
  }
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="characteristics-title" className="rounded-2xl border-2 border-ink/10 bg-white p-5">
      <h2 id="characteristics-title" className="font-display text-2xl font-bold">
        {t("figure.characteristics")}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="characteristics">
        {items.map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs font-bold tracking-wide text-muted-foreground uppercase">
              {t(dataKey(`figure.fields.${key}`))}
            </dt>
            {typeof value === "string" ? (
              <dd className="font-semibold wrap-anywhere">{value}</dd>
            ) : (
              <ContentText as="dd" value={value} className="font-semibold wrap-anywhere" />
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
