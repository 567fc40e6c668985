import { isoDay } from "#shared/dates.ts";
import { exportUserData } from "#server/domain/accounts/own-data.ts";
import { langContext } from "#server/router-context.ts";
import { actorOf, getServices, requireUser } from "~/guards.server";

import type { Route } from "./+types/profile-data";

/** GET /profile/data: the user's own data as a JSON download, its system texts in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  const services = getServices(context);
  const body = await exportUserData(
    services.db,
    actorOf(viewer),
    context.get(langContext),
    services.settings.publicUrl,
  );
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="boonees-data-${isoDay(Date.now(), services.settings.timeZone)}.json"`,
      "cache-control": "no-store",
    },
  });
}
