import { Link, redirect } from "react-router";

import { citySchema } from "#shared/schemas/city.ts";
import { listStaffCities } from "#server/domain/cities/list-cities.ts";
import { createCity } from "#server/domain/cities/save-city.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { CityForm } from "~/components/admin/city-form";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, flashCookie, getServices, requirePage } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/cities";
import { adminIntents } from "./admin-intents.server";
import { CITY_ERRORS, CITY_FIELDS, cityFormErrors } from "./city-answer";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.cities.metaTitle", "admin.cities.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  return { cities: await listStaffCities(getServices(context).db, actorOf(viewer)) };
}

/** Creates a city (inactive: "coming soon") and goes on to its checklist. */
export const action = intentAction(
  {
    create: intent({
      schema: citySchema,
      invalid: null,
      echo: CITY_FIELDS,
      errors: CITY_ERRORS,
      fallback: "admin.error.unexpected",
      run: async (input, { services, actor }) => {
        const city = await createCity(services.db, actor(), input);
        return redirect(`/admin/cities/${city.id}`, {
          headers: { "set-cookie": flashCookie("admin.cities.created", "success") },
        });
      },
    }),
  },
  adminIntents(),
);

export default function Cities({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "de";
  return (
    <AdminPage title={t("admin.cities.title")} intro={t("admin.cities.intro")}>
      <Table data-testid="admin-cities">
        <TableHeader>
          <TableRow>
            <TableHead>{t("admin.cities.column.name")}</TableHead>
            <TableHead>{t("admin.cities.column.slug")}</TableHead>
            <TableHead>{t("admin.cities.column.timeZone")}</TableHead>
            <TableHead>{t("admin.cities.column.state")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loaderData.cities.map((c) => (
            <TableRow key={c.id}>
              <TableCell>
                <Link to={`/admin/cities/${c.id}`} className="font-bold underline">
                  {lang === "en" ? c.nameEn : c.nameDe}
                </Link>
              </TableCell>
              <TableCell>/{c.slug}</TableCell>
              <TableCell>{c.timeZone}</TableCell>
              <TableCell>
                <Badge variant={c.active ? "default" : "outline"}>
                  {c.active ? t("admin.cities.state.active") : t("admin.cities.state.comingSoon")}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <h2 className="mt-10 mb-4 font-display text-2xl font-bold">{t("admin.cities.new")}</h2>
      <CityForm
        intent="create"
        values={refusedAnswer(actionData)?.values ?? { timeZone: "Europe/Berlin", country: "DE", defaultLang: "de" }}
        errors={cityFormErrors(actionData)}
        submit={t("admin.cities.create")}
      />
    </AdminPage>
  );
}
