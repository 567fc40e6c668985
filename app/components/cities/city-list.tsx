import { MapPinIcon } from "lucide-react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";

export interface CityListItem {
  slug: string;
  nameDe: string;
  nameEn: string;
  areaDe: string;
  areaEn: string;
  active: boolean;
}

/** The landing page's cities (decision 053): the active ones to play in, then those coming soon. */
export function CityList({ cities }: { cities: CityListItem[] }) {
  const { t, i18n } = useTranslation();
  if (cities.length === 0) return null;
  return (
    <section aria-labelledby="cities-title" className="mx-auto max-w-6xl px-4 pt-12">
      <h2 id="cities-title" className="font-display text-3xl font-extrabold">
        {t("cities.list.title")}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="city-list">
        {cities.map((c) => {
          const area = i18n.language === "en" ? c.areaEn || c.areaDe : c.areaDe;
          return (
            <li key={c.slug} data-city={c.slug}>
              <Card className="h-full p-5">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="flex items-center gap-2 font-display text-xl font-bold">
                    <MapPinIcon aria-hidden="true" className="size-5" />
                    <Link to={`/${c.slug}`} className="hover:underline">
                      {cityName(c, i18n.language)}
                    </Link>
                  </h3>
                  <Badge variant={c.active ? "success" : "warning"}>
                    {c.active ? t("cities.list.active") : t("cities.list.comingSoon")}
                  </Badge>
                </div>
                {area && <p className="mt-2 text-ink-soft wrap-anywhere">{area}</p>}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
