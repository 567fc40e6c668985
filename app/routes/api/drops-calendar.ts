import { okAnswer } from "#server/api/answers.ts";
import { dropCalendarIcs } from "#server/api/drop-calendar-ics.ts";
import { listCalendarDrops } from "#server/domain/drops/drop-calendar.ts";
import { asLang } from "#server/notify/translate.ts";
import { getServices } from "~/guards.server";

import type { Route } from "./+types/drops-calendar";

/** /drops.ics (?lang=en for English): the drops as /drops shows them, as an iCalendar feed (decision 050). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = getServices(context);
  const ics = dropCalendarIcs(await listCalendarDrops(services.db), {
    zone: services.settings.timeZone,
    publicUrl: services.settings.publicUrl,
    lang: asLang(new URL(request.url).searchParams.get("lang")),
  });
  return okAnswer(ics, "text/calendar; charset=utf-8");
}
