import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";

/**
 * The visible city switch of a public list page (decision 053): a GET form, so the chosen city lives in the
 * URL (`?city=kiel`) and it works without JavaScript; "all cities" is the empty value. `keep` carries the
 * page's other filters along.
 */
export function CitySwitch({
  cities,
  selected,
  keep = {},
}: {
  cities: { slug: string; nameDe: string; nameEn: string }[];
  selected: string | null;
  keep?: Record<string, string | null>;
}) {
  const { t, i18n } = useTranslation();
  if (cities.length < 2 && !selected) return null;
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-2" data-testid="city-switch">
      {Object.entries(keep).map(
        ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
      )}
      <div className="grid gap-1">
        <label htmlFor="city-switch" className="text-sm font-bold">
          {t("cities.switch.label")}
        </label>
        <NativeSelect
          id="city-switch"
          name="city"
          defaultValue={selected ?? ""}
          key={selected ?? ""}
          wrapperClassName="sm:w-64"
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        >
          <option value="">{t("cities.switch.all")}</option>
          {cities.map((c) => (
            <option key={c.slug} value={c.slug}>
              {cityName(c, i18n.language)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        {t("cities.switch.show")}
      </Button>
    </Form>
  );
}
