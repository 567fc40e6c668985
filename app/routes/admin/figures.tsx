import { PlusIcon } from "lucide-react";
import { Link, useNavigation } from "react-router";

import { pageParam } from "#shared/schemas/admin.ts";
import { decodeCursor } from "#server/db/paging.ts";
import { listCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { listAdminFigures } from "#server/domain/figures/list-figures.ts";
import { countInstances } from "#server/domain/figures/type-inheritance.ts";
import { AdminPage, listHref, Pager, StatCard } from "~/components/admin/admin-page";
import { CsvLink } from "~/components/admin/csv-link";
import { Button } from "~/components/ui/button";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { intentAction } from "~/intents.server";
import { exportHref, figureFilters } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/figures";
import { adminIntents } from "./admin-intents.server";
import { bulkStatusRow } from "./figures/bulk-status.server";
import { useDeleteToast } from "./figures/delete-button";
import { deleteRow } from "./figures/delete.server";
import { useEditToast } from "./figures/edit-dialog";
import { FigureList } from "./figures/figure-list";
import { FigureSearch } from "./figures/figure-search";
import { ReplacedCodeDialog } from "./figures/replace-code";
import { replaceCodeRow } from "./figures/replace-code.server";
import { updateRow } from "./figures/update.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.boonees.metaTitle", "admin.boonees.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const { q, status } = figureFilters(url);
  const cursor =
    decodeCursor("after", url.searchParams.get("after")) ?? decodeCursor("before", url.searchParams.get("before"));
  const { db } = getServices(context);
  const list = await listAdminFigures(db, actorOf(viewer), {
    q,
    status,
    cursor,
    page: pageParam(url.searchParams.get("page")),
  });
  const instances = await countInstances(
    db,
    list.items.filter((i) => !i.typeId).map((i) => i.id),
  );
  // the edit dialog's city select (decision 053)
  const cities = (await listCities(db)).map(publicCity);
  const items = list.items.map((i) => ({ ...i, instances: instances.get(i.id) ?? null }));
  return { ...list, items, q, status, cities };
}

export const action = intentAction(
  { bulkStatus: bulkStatusRow, replaceCode: replaceCodeRow, delete: deleteRow, update: updateRow },
  adminIntents(),
);

export default function AdminFigures({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/boonees";
  const filters = { q: d.q, status: d.status === "all" ? null : d.status };
  const prevHref = d.prev ? listHref("/admin/boonees", { ...filters, before: d.prev, page: d.page - 1 }) : null;
  const nextHref = d.next ? listHref("/admin/boonees", { ...filters, after: d.next, page: d.page + 1 }) : null;
  const filtered = d.q !== "" || d.status !== "all";
  useDeleteToast();
  useEditToast();
  return (
    <AdminPage
      title={t("admin.boonees.title")}
      intro={t("admin.boonees.intro")}
      actions={
        <div className="flex flex-wrap gap-2">
          <CsvLink
            href={exportHref("/admin/boonees.csv", { q: d.q, status: d.status })}
            label={t("admin.csv.downloadFigures")}
          />
          <Button asChild>
            <Link to="/admin/create-boonee">
              <PlusIcon /> {t("admin.nav.create")}
            </Link>
          </Button>
        </div>
      }
    >
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard testId="total-all" label={t("admin.boonees.total")} value={d.totals.total} />
        <StatCard testId="total-claimed" label={t("admin.boonees.claimed")} value={d.totals.claimed} />
        <StatCard testId="total-available" label={t("admin.boonees.available")} value={d.totals.available} />
      </div>
      <FigureSearch q={d.q} status={d.status} searching={searching} />
      <p className="mt-4 text-sm font-semibold text-muted-foreground" aria-live="polite" data-testid="match-count">
        {filtered ? t("admin.boonees.matches", { count: d.total }) : t("admin.boonees.showing", { count: d.total })}
      </p>
      <FigureList items={d.items} filtered={filtered} searching={searching} />
      <Pager page={d.page} pageCount={d.pageCount} prevHref={prevHref} nextHref={nextHref} />
      <ReplacedCodeDialog q={d.q} status={filters.status} />
    </AdminPage>
  );
}
