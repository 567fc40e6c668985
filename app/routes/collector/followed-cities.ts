import { redirect } from "react-router";

import { followedCityIds } from "#server/domain/cities/follow-city.ts";
import { setFollowedCities } from "#server/domain/cities/followed-cities.ts";
import { actorOf, flashCookie, getServices, refusal, requestForm, requireUser } from "~/guards.server";

import type { Route } from "./+types/followed-cities";

const back = (key: string, kind: "success" | "error") =>
  redirect("/profile#followed-cities", { headers: { "set-cookie": flashCookie(key, kind) } });

/** The profile's "cities you follow" form (decision 053): one checkbox `cityId` per city; a plain POST. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(context, request);
  const form = await requestForm(request);
  const ids = form.getAll("cityId").map((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : NaN));
  if (ids.some((id) => Number.isNaN(id))) return back("admin.cities.error.unknown", "error");
  try {
    await setFollowedCities(getServices(context).db, actorOf(viewer), ids);
  } catch (e) {
    refusal(e);
    return back("admin.cities.error.unknown", "error");
  }
  return back("cities.follows.saved", "success");
}

/** GET: the ids of the cities this account follows, as JSON (the profile page renders them itself). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  return { followed: await followedCityIds(getServices(context).db, viewer.id) };
}
