import { CheckIcon, CircleIcon } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";

import { CHECKLIST_ITEMS } from "#shared/city-checklist-items.ts";
import { citySchema } from "#shared/schemas/city.ts";
import { cityChecklist } from "#server/domain/cities/city-checklist.ts";
import { findStaffCity } from "#server/domain/cities/list-cities.ts";
import { markCityLabels, updateCity } from "#server/domain/cities/save-city.ts";
import { setCityActive } from "#server/domain/cities/set-city-active.ts";
import type { Actor } from "#server/domain/errors.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { CityForm } from "~/components/admin/city-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { actorOf, flashCookie, getServices, inOwnCities, requirePage } from "~/guards.server";
import { intent, intentAction, type IntentContext } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/city";
import { adminIntents } from "./admin-intents.server";
import { CITY_ERRORS, CITY_FIELDS, cityFormErrors } from "./city-answer";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.cities.metaTitle", "admin.cities.metaDescription");

/** The city of the address, if it is one of the actor's (another city's: 403, decision 058). */
async function loadCity(context: Route.LoaderArgs["context"], cityId: string, actor: Actor) {
  const id = /^\d{1,9}$/.test(cityId) ? Number(cityId) : 0;
  const city = id ? await inOwnCities(findStaffCity(getServices(context).db, actor, id)) : null;
  if (!city) throw data(null, { status: 404 });
  return city;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const city = await loadCity(context, params.cityId, actorOf(viewer));
  return { city, checklist: await cityChecklist(getServices(context).db, city) };
}

const back = (id: number, key: string) =>
  redirect(`/admin/cities/${id}`, { headers: { "set-cookie": flashCookie(key, "success") } });

/** A row on this city (404 when there is none): `change` writes, then back to the page with its toast. */
const onCity = (
  change: (ctx: IntentContext, id: number, fields: Record<string, string>) => Promise<unknown>,
  key: string,
) =>
  intent({
    run: async (fields, ctx) => {
      const city = await loadCity(ctx.context, ctx.params.cityId ?? "", ctx.actor());
      await change(ctx, city.id, fields);
      return back(city.id, key);
    },
  });

/** Edits the city, marks its label sheet, switches it active (refused while the checklist is open) or back. */
export const action = intentAction(
  {
    update: intent({
      schema: citySchema,
      invalid: null,
      echo: CITY_FIELDS,
      errors: CITY_ERRORS,
      run: async (input, { services, actor, context, params }) => {
        const city = await loadCity(context, params.cityId ?? "", actor());
        await updateCity(services.db, actor(), city.id, input);
        return back(city.id, "admin.cities.saved");
      },
    }),
    labels: onCity(
      ({ services, actor }, id, fields) => markCityLabels(services.db, actor(), id, fields.ready === "true"),
      "admin.cities.saved",
    ),
    activate: onCity(
      ({ services, actor }, id) => setCityActive(services.db, actor(), id, true),
      "admin.cities.activated",
    ),
    deactivate: onCity(
      ({ services, actor }, id) => setCityActive(services.db, actor(), id, false),
      "admin.cities.deactivated",
    ),
  },
  adminIntents({ keys: { checklistOpen: "admin.cities.error.checklistOpen" }, fallback: "admin.error.unexpected" }),
);

export default function City({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { city, checklist } = loaderData;
  const name = i18n.language === "en" ? city.nameEn : city.nameDe;
  const refused = refusedAnswer(actionData);
  // A refused edit shows in the form; any other refusal (the open checklist) above the checklist.
  const edit = refused?.intent === "update" ? refused : undefined;
  const formError = refused && !edit ? refused.error : null;
  return (
    <AdminPage
      title={name}
      intro={t("admin.cities.cityIntro", { slug: city.slug })}
      actions={
        <Badge variant={city.active ? "default" : "outline"} data-testid="city-state">
          {city.active ? t("admin.cities.state.active") : t("admin.cities.state.comingSoon")}
        </Badge>
      }
    >
      <p className="mb-6">
        <Link to="/admin/cities" className="underline">
          {t("admin.cities.back")}
        </Link>
      </p>
      <section aria-labelledby="city-checklist" className="mb-10 max-w-3xl rounded-2xl border-2 border-ink/10 p-4">
        <h2 id="city-checklist" className="font-display text-2xl font-bold">
          {t("admin.cities.checklist.title")}
        </h2>
        {formError && (
          <p role="alert" className="mt-2 font-semibold text-destructive" data-testid="city-action-error">
            {t(formError as never)}
          </p>
        )}
        <ul className="mt-4 grid gap-3" data-testid="city-checklist">
          {CHECKLIST_ITEMS.map((item) => (
            <li
              key={item}
              className="flex flex-wrap items-center gap-2"
              data-done={checklist.done[item]}
              data-item={item}
            >
              {checklist.done[item] ? (
                <CheckIcon className="size-5 text-green-700" aria-hidden="true" />
              ) : (
                <CircleIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="font-semibold">{t(`admin.cities.checklist.${item}`)}</span>
              <span className="sr-only">
                {checklist.done[item] ? t("admin.cities.checklist.done") : t("admin.cities.checklist.open")}
              </span>
              {item === "figures" && (
                <Link to={`/admin/create-boonee?city=${city.id}`} className="text-sm underline">
                  {t("admin.cities.checklist.createFigure", { count: checklist.figures })}
                </Link>
              )}
              {item === "labels" && (
                <Form method="post" className="inline">
                  <input type="hidden" name="intent" value="labels" />
                  <input type="hidden" name="ready" value={checklist.done.labels ? "false" : "true"} />
                  <Button type="submit" size="sm" variant="outline">
                    {checklist.done.labels
                      ? t("admin.cities.checklist.labelsUndo")
                      : t("admin.cities.checklist.labelsDone")}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={city.active ? "deactivate" : "activate"} />
          <Button type="submit" variant={city.active ? "outline" : "default"}>
            {city.active ? t("admin.cities.deactivate") : t("admin.cities.activate")}
          </Button>
        </Form>
      </section>
      <h2 className="mb-4 font-display text-2xl font-bold">{t("admin.cities.edit")}</h2>
      <CityForm
        intent="update"
        values={edit?.values ?? { ...city, timeZone: city.timeZone }}
        errors={cityFormErrors(edit)}
        submit={t("admin.cities.save")}
      />
    </AdminPage>
  );
}
