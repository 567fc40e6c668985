import { SelectField } from "~/components/admin/figure-fields";
import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";

/**
 * Whose owners a broadcast reaches (decision 058): one city's, or (a global admin) every city's. Absent
 * when there is nothing to choose: one city (a city admin's only city is taken without asking).
 */
export function BroadcastCitySelect({
  cities,
  everyCity,
  error,
}: {
  cities: { id: number; nameDe: string; nameEn: string }[];
  everyCity: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  if (cities.length < 2) return null;
  return (
    <SelectField name="cityId" label={t("admin.broadcast.fields.city")} defaultValue="" error={error}>
      {everyCity && <option value="">{t("admin.broadcast.everyCity")}</option>}
      {cities.map((c) => (
        <option key={c.id} value={c.id}>
          {cityName(c, i18n.language)}
        </option>
      ))}
    </SelectField>
  );
}
