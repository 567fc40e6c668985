import { ArchiveIcon, CheckIcon, TriangleAlertIcon } from "lucide-react";
import { Link, useFetcher, useNavigation } from "react-router";

import { REPORT_STATES } from "#shared/report-kinds.ts";
import { reportFiltersSchema } from "#shared/schemas/report.ts";
import { listReports, type ReportFigure } from "#server/domain/reports/list-reports.ts";
import { resolveFigureReports } from "#server/domain/reports/resolve-reports.ts";
import { AdminPage, listHref, Pager } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { FigureIdentity } from "~/components/admin/figure-identity";
import { ReasonDialog } from "~/components/admin/reason-dialog";
import { FetcherToast } from "~/components/fetcher-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import type { AnswerToast } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/reports";
import { adminIntents } from "./admin-intents.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.reports.metaTitle", "admin.reports.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const filters = reportFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const list = await listReports(getServices(context).db, actorOf(viewer), filters);
  return { isAdmin: viewer.role === "admin", state: filters.state, q: filters.q, ...list };
}

const RESOLVE_FETCHER = "admin-report-resolve";

/** Resolving is for admins (resolveFigureReports checks and validates); moderators read the list. */
export const action = intentAction(
  {
    resolve: intent({
      errors: { noOpenReports: "admin.reports.noOpenReports", invalid: "admin.error.reasonRequired" },
      run: async (fields, { services, actor }) => {
        await resolveFigureReports(services.db, actor(), { figureId: fields.figureId ?? "", fields });
        return { message: fields.outcome === "gone" ? "admin.reports.goneToast" : "admin.reports.fixedToast" };
      },
    }),
  },
  adminIntents(),
);

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { figures, isAdmin, state, q, page, pageCount, total } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/reports";
  const filters = { state: state === "open" ? null : state, q };
  const prevHref = page > 1 ? listHref("/admin/reports", { ...filters, page: page - 1 }) : null;
  const nextHref = page < pageCount ? listHref("/admin/reports", { ...filters, page: page + 1 }) : null;
  const filtered = q !== "" || state !== "open";
  return (
    <AdminPage title={t("admin.reports.title")} intro={t("admin.reports.intro")}>
      <FetcherToast fetcherKey={RESOLVE_FETCHER} errors />
      <AdminSearchForm
        id="report-search"
        label={t("admin.reports.search")}
        placeholder={t("admin.reports.searchPlaceholder")}
        q={q}
        formKey={`${q}|${state}`}
        button={t("admin.reports.searchButton")}
        searching={searching}
        className="mb-4"
        filter={{
          id: "report-state",
          name: "state",
          label: t("admin.reports.stateFilter"),
          value: state,
          width: "sm:w-48",
          options: REPORT_STATES.map((s) => ({ value: s, label: t(`admin.reports.state.${s}`) })),
        }}
      />
      <p
        className="mb-4 text-sm font-semibold text-muted-foreground"
        aria-live="polite"
        data-testid="report-match-count"
      >
        {t("admin.reports.matches", { count: total })}
      </p>
      {figures.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-6 text-center text-muted-foreground">
          {filtered ? t("admin.reports.emptyFiltered") : t("admin.reports.empty")}
        </p>
      ) : (
        <ul className="grid gap-4" data-testid="open-reports">
          {figures.map((f) => (
            <ReportCard key={f.id} figure={f} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} prevHref={prevHref} nextHref={nextHref} />
    </AdminPage>
  );
}

function ReportCard({ figure: f, isAdmin }: { figure: ReportFigure; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const fixer = useFetcher<AnswerToast>({ key: RESOLVE_FETCHER });
  return (
    <li>
      <Card data-testid="report-card">
        <CardHeader className="grid gap-2">
          <div className="flex min-w-0 items-center gap-3">
            {f.imageUrl ? <img src={f.imageUrl} alt="" className="size-12 shrink-0 rounded-xl object-cover" /> : null}
            <CardTitle className="min-w-0 wrap-anywhere">
              <Link to={`/boonee/${f.id}`} className="hover:underline">
                {f.name}
              </Link>
            </CardTitle>
          </div>
          <div data-testid="report-figure-ref">
            <FigureIdentity number={f.number} code={null} placementNote={f.placementNote} />
            {f.dropTitle && (
              <p className="text-sm text-muted-foreground" data-testid="report-drop">
                {t("admin.reports.drop", { drop: i18n.language === "en" ? f.dropTitle.en : f.dropTitle.de })}
              </p>
            )}
          </div>
          <div>
            {f.reportedIssue ? (
              <Badge className="bg-[#fff1c2] text-[#7a4a00]">
                <TriangleAlertIcon aria-hidden="true" /> {t(`admin.reports.marked.${f.reportedIssue}`)}
              </Badge>
            ) : (
              <Badge variant="outline">{t("admin.reports.notMarked")}</Badge>
            )}
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ul className="grid gap-2">
            {f.reports.map((r) => (
              <li key={r.id} className="rounded-xl bg-paper px-3 py-2 text-sm" data-testid="report-entry">
                <span className="font-bold">{r.reporter ?? t("common.anonymous")}</span>
                {r.reporterEmail && (
                  <>
                    {" "}
                    (
                    <Link
                      to={`/admin/users?q=${encodeURIComponent(r.reporterEmail)}`}
                      className="wrap-anywhere text-grape hover:underline"
                    >
                      {r.reporterEmail}
                    </Link>
                    )
                  </>
                )}{" "}
                · {t(`life.report.kind.${r.kind}`)} ·{" "}
                <time dateTime={new Date(r.createdAt).toISOString()}>{dates.dayTime(r.createdAt)}</time>{" "}
                <Badge variant="outline" data-testid="report-weight">
                  {t(`admin.reports.weight.${r.weight}`)}
                </Badge>
                {r.note && <p className="mt-1 whitespace-pre-line wrap-anywhere text-ink-soft">{r.note}</p>}
                {r.resolvedAt && r.resolution && (
                  <p className="mt-1 font-semibold text-[#1d6b3c]" data-testid="report-resolved">
                    {t(`admin.reports.resolved.${r.resolution}`, {
                      when: dates.dayTime(r.resolvedAt),
                      by: r.resolvedBy ?? t("common.anonymous"),
                    })}
                  </p>
                )}
              </li>
            ))}
          </ul>
          {isAdmin && f.openReports > 0 && (
            <div className="flex flex-wrap gap-2">
              <fixer.Form method="post">
                <input type="hidden" name="intent" value="resolve" />
                <input type="hidden" name="outcome" value="fixed" />
                <input type="hidden" name="figureId" value={f.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={fixer.state !== "idle"}
                  aria-label={t("admin.reports.fixedLabel", { name: f.name })}
                >
                  <CheckIcon aria-hidden="true" /> {t("admin.reports.fixed")}
                </Button>
              </fixer.Form>
              <ReasonDialog
                fields={{ intent: "resolve", outcome: "gone", figureId: f.id }}
                fetcherKey={RESOLVE_FETCHER}
                label={t("admin.reports.gone")}
                ariaLabel={t("admin.reports.goneLabel", { name: f.name })}
                icon={<ArchiveIcon />}
                title={t("admin.reports.goneTitle", { name: f.name })}
                intro={t("admin.reports.goneIntro")}
                reasonLabel={t("admin.reports.reason")}
                submitLabel={t("admin.reports.gone")}
              />
            </div>
          )}
        </CardContent>
      </Card>
    </li>
  );
}
