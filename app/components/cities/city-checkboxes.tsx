import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** One checkbox per city, named in the page's language (the profile's followed cities, a staff member's cities). */
export function CityCheckboxes({
  cities,
  checked,
  name,
  labelClassName,
  inputClassName,
}: {
  cities: { id: number; nameDe: string; nameEn: string }[];
  checked: readonly number[];
  /** The form field; each ticked city is one value. */
  name: string;
  labelClassName?: string;
  inputClassName?: string;
}) {
  const { i18n } = useTranslation();
  return cities.map((c) => (
    <label key={c.id} className={cn("flex items-center gap-2", labelClassName)}>
      <input
        type="checkbox"
        name={name}
        value={c.id}
        defaultChecked={checked.includes(c.id)}
        className={inputClassName}
      />
      {cityName(c, i18n.language)}
    </label>
  ));
}
