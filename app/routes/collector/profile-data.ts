import { actorOf, getServices, requireUser } from "~/guards.server";
import { exportUserData } from "../../../server/domain/own-data.ts";
import type { Route } from "./+types/profile-data";

/** GET /profile/data: the user's own data as a JSON download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  const body = await exportUserData(getServices(context).db, actorOf(viewer));
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="boonees-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
}
