import { okAnswer, problemAnswer } from "#server/api/answers.ts";
import { dropCalendarIcs } from "#server/api/drop-calendar-ics.ts";
import { findCityBySlug } from "#server/domain/cities/list-cities.ts";
import { listCalendarDrops } from "#server/domain/drops/drop-calendar.ts";
import { asLang, translator } from "#server/notify/translate.ts";
import { getServices } from "~/guards.server";

import type { Route } from "./+types/drops-calendar";

/**
 * /drops.ics (?lang=en for English): the drops as /drops shows them, as an iCalendar feed (decision 050);
 * `?city=<slug>` one city's, as /drops?city= shows them (an unknown city: 404 as problem+json).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = getServices(context);
  const params = new URL(request.url).searchParams;
  const lang = asLang(params.get("lang"));
  const slug = params.get("city")?.trim() || null; // an empty ?city= is every city, as on /drops
  const city = slug === null ? null : await findCityBySlug(services.db, slug);
  if (slug !== null && !city) return problemAnswer(404, "No city with this slug; see /api/v1/cities.");
  const ics = dropCalendarIcs(await listCalendarDrops(services.db, city?.id ?? null), {
    zone: city?.timeZone ?? services.settings.timeZone,
    publicUrl: services.settings.publicUrl,
    lang,
    name: city
      ? translator(lang)("drops.calendar.cityName", { city: lang === "en" ? city.nameEn : city.nameDe })
      : undefined,
  });
  return okAnswer(ics, "text/calendar; charset=utf-8");
}
