import { data, Link, redirect } from "react-router";

import { formFields, validate } from "#shared/forms.ts";
import { citySchema } from "#shared/schemas/city.ts";
import { listStaffCities } from "#server/domain/cities/list-cities.ts";
import { createCity } from "#server/domain/cities/save-city.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { CityForm } from "~/components/admin/city-form";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, flashCookie, getServices, refusal, requestForm, requirePage } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/cities";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.cities.metaTitle", "admin.cities.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  return { cities: await listStaffCities(getServices(context).db, actorOf(viewer)) };
}

/** Creates a city (inactive: "coming soon") and goes on to its checklist. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const fields = formFields(await requestForm(request));
  if (fields.intent !== "create")
    return data({ errors: { _form: "admin.error.unexpected" }, values: fields }, { status: 400 });
  const parsed = validate(citySchema, fields);
  if (!parsed.ok) return data({ errors: parsed.errors, values: fields }, { status: 400 });
  try {
    const city = await createCity(getServices(context).db, actorOf(viewer), parsed.data);
    return redirect(`/admin/cities/${city.id}`, {
      headers: { "set-cookie": flashCookie("admin.cities.created", "success") },
    });
  } catch (e) {
    const r = refusal(e, { keys: { slugTaken: "admin.cities.error.slugTaken" }, fallback: "admin.error.unexpected" });
    return data(
      { errors: { [r.error === "admin.cities.error.slugTaken" ? "slug" : "_form"]: r.error }, values: fields },
      { status: r.status },
    );
  }
}

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
        values={actionData?.values ?? { timeZone: "Europe/Berlin", country: "DE", defaultLang: "de" }}
        errors={actionData?.errors ?? {}}
        submit={t("admin.cities.create")}
      />
    </AdminPage>
  );
}
