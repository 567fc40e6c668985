import { SelectField } from "~/components/admin/figure-fields";
import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";

/** The city a new figure or drop belongs to (decision 053); absent when there is only one city. */
export function CitySelect({
  cities,
  value,
  error,
  disabled,
}: {
  cities: { id: number; nameDe: string; nameEn: string }[];
  value?: number | null;
  error?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (cities.length < 2) return null;
  return (
    <SelectField
      name="cityId"
      label={t("admin.create.city")}
      defaultValue={String(value ?? cities[0]?.id ?? "")}
      error={error}
      disabled={disabled}
    >
      {cities.map((c) => (
        <option key={c.id} value={c.id}>
          {cityName(c, i18n.language)}
        </option>
      ))}
    </SelectField>
  );
}
