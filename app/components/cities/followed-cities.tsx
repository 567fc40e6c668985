import { Form } from "react-router";

import { CityCheckboxes } from "~/components/cities/city-checkboxes";
import { Button } from "~/components/ui/button";
import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";

/** The profile's cities: those followed (drop notices come only from them) and the finds per city (decision 053). */
export function FollowedCities({
  cities,
  followed,
  finds,
}: {
  cities: { id: number; slug: string; nameDe: string; nameEn: string }[];
  followed: number[];
  finds: { slug: string; nameDe: string; nameEn: string; finds: number }[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mt-12" aria-labelledby="followed-cities-title" id="followed-cities">
      <h2 id="followed-cities-title" className="mb-2 font-display text-2xl font-bold">
        {t("cities.follows.title")}
      </h2>
      <p className="mb-4 text-muted-foreground">{t("cities.follows.intro")}</p>
      <Form method="post" action="/profile/cities" className="grid gap-3" data-testid="followed-cities">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t("cities.follows.title")}</legend>
          <CityCheckboxes
            cities={cities}
            checked={followed}
            name="cityId"
            labelClassName="font-semibold"
            inputClassName="size-5 accent-grape"
          />
        </fieldset>
        <div>
          <Button type="submit" variant="outline" size="sm">
            {t("cities.follows.save")}
          </Button>
        </div>
      </Form>
      {finds.length > 0 && (
        <>
          <h3 className="mt-6 mb-2 font-display text-xl font-bold">{t("cities.finds.title")}</h3>
          <ul className="grid gap-1" data-testid="finds-by-city">
            {finds.map((f) => (
              <li key={f.slug}>
                {cityName(f, i18n.language)}: <strong>{t("leaderboard.count", { count: f.finds })}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
