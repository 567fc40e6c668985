import { redirect } from "react-router";

import { followedCityIds } from "#server/domain/cities/follow-city.ts";
import { setFollowedCities } from "#server/domain/cities/followed-cities.ts";
import { flashCookie, getServices, requireUser } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";

import type { Route } from "./+types/followed-cities";

const back = (key: string, kind: "success" | "error") =>
  redirect("/profile#followed-cities", { headers: { "set-cookie": flashCookie(key, kind) } });

/** The profile's "cities you follow" form (decision 053): one checkbox `cityId` per city; a plain POST. */
export const action = intentAction(
  {
    save: intent({
      run: async (_fields, { services, actor, form }) => {
        const ids = form.getAll("cityId").map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : NaN));
        if (ids.some((id) => Number.isNaN(id))) return back("admin.cities.error.unknown", "error");
        await setFollowedCities(services.db, actor(), ids);
        return back("cities.follows.saved", "success");
      },
    }),
  },
  // The form posts no intent; a refusal comes back to the profile as an error toast.
  { access: "signedIn", defaultIntent: "save", refused: () => back("admin.cities.error.unknown", "error") },
);

/** GET: the ids of the cities this account follows, as JSON (the profile page renders them itself). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  return { followed: await followedCityIds(getServices(context).db, viewer.id) };
}
