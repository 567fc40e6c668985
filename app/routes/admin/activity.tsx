import { Form } from "react-router";

import { ACTIVITY_KINDS, type ActivityKind } from "#shared/activity.ts";
import { pageParam } from "#shared/schemas/admin.ts";
import { listActivity } from "#server/domain/activity/list-activity.ts";
import { ActivityObject } from "~/components/admin/activity-object";
import { AdminPage, listHref, NumberedPager } from "~/components/admin/admin-page";
import { stacked } from "~/components/admin/stacked-table";
import { WrittenText } from "~/components/content-text";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.activity.metaTitle", "admin.activity.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const rawKind = url.searchParams.get("kind") ?? "";
  const kind = (ACTIVITY_KINDS as readonly string[]).includes(rawKind) ? (rawKind as ActivityKind) : null;
  const person = (url.searchParams.get("person") ?? "").slice(0, 100) || null;
  const list = await listActivity(getServices(context).db, actorOf(viewer), {
    kind,
    actorId: person,
    page: pageParam(url.searchParams.get("page")),
  });
  return { ...list, kind, person };
}

export default function Activity({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const hrefFor = (page: number) =>
    listHref("/admin/activity", { kind: d.kind, person: d.person, page: page > 1 ? page : null });
  return (
    <AdminPage title={t("admin.activity.title")} intro={t("admin.activity.intro")}>
      <Form method="get" className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" key={`${d.kind}|${d.person}`}>
        <div className="grid gap-1">
          <label htmlFor="activity-kind" className="text-sm font-bold">
            {t("admin.activity.kindFilter")}
          </label>
          <NativeSelect
            id="activity-kind"
            name="kind"
            defaultValue={d.kind ?? ""}
            wrapperClassName="sm:w-64"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{t("admin.activity.allKinds")}</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.activity.kind.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor="activity-person" className="text-sm font-bold">
            {t("admin.activity.personFilter")}
          </label>
          <NativeSelect
            id="activity-person"
            name="person"
            defaultValue={d.person ?? ""}
            wrapperClassName="sm:w-64"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{t("admin.activity.allPeople")}</option>
            {d.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name ?? t("common.anonymous")}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          {t("admin.activity.filter")}
        </Button>
      </Form>
      <p className="mb-2 text-sm font-semibold text-muted-foreground" aria-live="polite">
        {t("admin.activity.count", { count: d.total })}
      </p>
      {d.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">
          {t("admin.activity.empty")}
        </p>
      ) : (
        <div className="rounded-2xl border-2 border-ink/10 bg-white max-md:border-0 max-md:bg-transparent">
          <Table data-testid="activity-table" className={stacked.table}>
            <TableHeader className={stacked.head}>
              <TableRow>
                <TableHead>{t("admin.activity.col.time")}</TableHead>
                <TableHead>{t("admin.activity.col.actor")}</TableHead>
                <TableHead>{t("admin.activity.col.action")}</TableHead>
                <TableHead>{t("admin.activity.col.object")}</TableHead>
                <TableHead>{t("admin.activity.col.reason")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={stacked.body}>
              {d.items.map((e) => (
                <TableRow key={e.id} data-testid="activity-row" className={stacked.row}>
                  <TableCell
                    className={`whitespace-nowrap tabular-nums ${stacked.cell} max-md:text-xs max-md:text-muted-foreground`}
                  >
                    {dates.stampIn(e.createdAt, e.timeZone ?? dates.zone)}
                  </TableCell>
                  <TableCell className={`font-bold ${stacked.cell}`} data-testid="activity-actor">
                    {e.actorId === null ? t("admin.activity.system") : (e.actorName ?? t("common.anonymous"))}
                  </TableCell>
                  <TableCell className={stacked.cell}>{t(dataKey(`admin.activity.kind.${e.action}`))}</TableCell>
                  <TableCell className={`max-w-72 wrap-anywhere ${stacked.cell}`} data-testid="activity-object">
                    <ActivityObject entry={e} />
                  </TableCell>
                  <TableCell
                    className={`max-w-72 wrap-anywhere ${stacked.cell} ${stacked.labelled} ${e.reason ? "" : "max-md:hidden"}`}
                    data-label={t("admin.activity.col.reason")}
                  >
                    {e.reason ? <WrittenText text={e.reason} lang={e.reasonLang} /> : "—"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <NumberedPager page={d.page} pageCount={d.pageCount} hrefFor={hrefFor} />
    </AdminPage>
  );
}
