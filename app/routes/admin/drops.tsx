import { Link } from "react-router";

import { FIRST_CITY } from "#shared/schemas/city.ts";
import { toZonedInput } from "#shared/zoned-time.ts";
import { cityTimeZone } from "#server/domain/cities/city-zone.ts";
import { listStaffCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { listAdminDrops, listDropCandidates, pickerFigures, type AdminDrop } from "#server/domain/drops/admin-drops.ts";
import { assertStaffCityOf } from "#server/domain/staff-scope.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { DropAdminCard } from "~/components/admin/drop-admin-card";
import { DropForm, type DropFormValues } from "~/components/admin/drop-form";
import { SafetyRules } from "~/components/drops/safety-rules";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { actorOf, getServices, inOwnCities, requirePage } from "~/guards.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/drops";
import { dropAction } from "./drops-action.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "drops.admin.metaTitle", "drops.admin.metaDescription");

const FORM_TEXTS = ["titleDe", "titleEn", "descriptionDe", "descriptionEn", "areaDe", "areaEn", "releaseAt"] as const;

/**
 * Admins only (moderators see Dashboard and Claims, decision "Roles"; the layout refuses them).
 * `?edit=` edits a drop, `?copy=` starts a new one from another (its hints and photo come along),
 * `?figureQ=` is the picker's search: that GET carries the whole form, which comes back as it was.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const actor = actorOf(viewer);
  const { db, config } = getServices(context);
  const params = new URL(request.url).searchParams;
  const drops = await listAdminDrops(db, actor);
  const searched = params.has("figureQ");
  const editId = params.get("edit") ?? (searched && params.get("intent") === "edit" ? params.get("dropId") : null);
  const editing = drops.find((d) => d.id === editId && !d.cancelledAt) ?? null;
  if (editId && !editing) await inOwnCities(assertStaffCityOf(db, actor, "drop", editId)); // another city's: 403
  const copyId = editing ? null : (params.get("copy") ?? (searched ? params.get("copyOf") : null));
  const copy = drops.find((d) => d.id === copyId) ?? null;
  const preview = drops.find((d) => d.id === params.get("preview")) ?? null;
  const figureQ = (params.get("figureQ") ?? "").slice(0, 100);
  const zoneOf = (cityId: number | undefined) => cityTimeZone(db, cityId ?? FIRST_CITY, config.TIME_ZONE);
  let values: DropFormValues = editing
    ? editValues(editing, await zoneOf(editing.cityId))
    : copy
      ? copyValues(copy)
      : {};
  if (searched) {
    const typed = Object.fromEntries(FORM_TEXTS.map((k) => [k, params.get(k) ?? values[k] ?? ""]));
    const cityId = Number(params.get("cityId")) || values.cityId;
    values = { ...values, ...typed, cityId, figures: await pickerFigures(db, actor, params.getAll("figureIds")) };
  } else if (copy) {
    // a duplicate ticks the figures that are still free (a cancelled drop's may have gone elsewhere)
    const figures = await pickerFigures(
      db,
      actor,
      copy.figures.map((f) => f.id),
    );
    values = { ...values, figures: figures.filter((f) => f.free) };
  }
  // the picker lists the chosen city's figures (the picker's GET search carries the city select)
  const cityId = values.cityId ?? FIRST_CITY;
  const candidates = { q: figureQ, ...(await listDropCandidates(db, actor, figureQ, cityId)) };
  const cities = (await listStaffCities(db, actor)).map(publicCity);
  return { drops, editing, copy, preview, values, candidates, zone: await zoneOf(cityId), cities };
}

export const action = dropAction;

function editValues(d: AdminDrop, zone: string): DropFormValues {
  return { ...d, released: !!d.releasedAt, releaseAt: toZonedInput(d.releaseAt, zone) };
}

/** A duplicate: the texts, the photo and the city; a new start time is for the admin to choose. */
function copyValues(d: AdminDrop): DropFormValues {
  const { titleDe, titleEn, descriptionDe, descriptionEn, areaDe, areaEn, hintImageUrl, cityId } = d;
  return { titleDe, titleEn, descriptionDe, descriptionEn, areaDe, areaEn, hintImageUrl, cityId, copyOf: d.id };
}

/** How the public will see the drop once it is released, in both languages. */
function DropPreview({ drop }: { drop: AdminDrop }) {
  const { t } = useTranslation();
  return (
    <Card className="mb-6" data-testid="drop-preview">
      <CardHeader>
        <CardTitle>{t("drops.admin.previewTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        {(["De", "En"] as const).map((l) => (
          <div key={l} lang={l.toLowerCase()} className="min-w-0">
            <h3 className="font-display text-2xl font-extrabold wrap-anywhere">{drop[`title${l}`]}</h3>
            {drop[`area${l}`] && <p className="mt-1 font-semibold wrap-anywhere">{drop[`area${l}`]}</p>}
            <p className="mt-2 whitespace-pre-line wrap-anywhere">{drop[`description${l}`]}</p>
            {drop.hintImageUrl && (
              <img
                src={drop.hintImageUrl}
                alt=""
                width={800}
                height={800}
                className="mt-2 w-full max-w-xs rounded-xl"
              />
            )}
            <ol className="mt-2 list-decimal pl-5">
              {drop.hints.map((h) => (
                <li key={h.id}>{h[`text${l}`]}</li>
              ))}
            </ol>
          </div>
        ))}
        <div className="md:col-span-2">
          <SafetyRules />
        </div>
      </CardContent>
    </Card>
  );
}

export default function AdminDrops({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = refusedAnswer(actionData);
  const formAnswer = answer && (answer.intent === "create" || answer.intent === "edit") ? answer : undefined;
  const { drops, editing, copy, preview, values, candidates, zone, cities } = loaderData;
  // a new key after each save empties the form (a new drop or hint is in the list; decision 029)
  const formKey = editing ? `edit-${editing.id}` : copy ? `copy-${copy.id}` : `new-${drops.map((d) => d.id).join()}`;
  return (
    <AdminPage title={t("drops.admin.title")} intro={t("drops.admin.intro")}>
      {preview && <DropPreview drop={preview} />}
      {answer && !formAnswer && answer.error && (
        <p
          role="alert"
          className="mb-4 rounded-xl border-2 border-destructive/30 bg-[#ffe0dc] px-4 py-3 text-sm font-semibold text-[#9b1c1c]"
        >
          {t(dataKey(answer.error))}
        </p>
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>
              {editing ? t("drops.admin.editTitle") : copy ? t("drops.admin.copyTitle") : t("drops.admin.newTitle")}
            </CardTitle>
            {(editing || copy) && (
              <Link to="/admin/drops" className="text-sm font-bold text-grape hover:underline">
                {t("drops.admin.newInstead")}
              </Link>
            )}
          </CardHeader>
          <CardContent>
            <DropForm
              key={formKey}
              values={values}
              candidates={candidates}
              errors={formAnswer?.fieldErrors}
              error={formAnswer?.error}
              zone={zone}
              cities={cities}
            />
          </CardContent>
        </Card>
        <section aria-labelledby="drops-list-title" className="grid content-start gap-4">
          <h2 id="drops-list-title" className="font-display text-2xl font-bold">
            {t("drops.admin.listTitle")}
          </h2>
          {drops.length === 0 && <p className="text-muted-foreground">{t("drops.admin.none")}</p>}
          {drops.map((d) => (
            <DropAdminCard key={d.id} drop={d} />
          ))}
        </section>
      </div>
    </AdminPage>
  );
}
