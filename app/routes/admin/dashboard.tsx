import { Link } from "react-router";

import { SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";
import { getDashboardDrop } from "#server/domain/drops/public-drops.ts";
import { getDashboard } from "#server/domain/stats/get-dashboard.ts";
import { AdminPage, StatCard } from "~/components/admin/admin-page";
import { DashboardDropCard } from "~/components/admin/dashboard-drop-card";
import { stacked } from "~/components/admin/stacked-table";
import { StatusCounts } from "~/components/admin/status-counts";
import { WeekCharts } from "~/components/admin/week-charts";
import { PersonName } from "~/components/person-name";
import { RarityBadge } from "~/components/rarity-badge";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/dashboard";
import { loadDashboardCharts } from "./dashboard-charts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.dashboard.metaTitle", "admin.dashboard.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const [dashboard, charts, drop] = await Promise.all([
    getDashboard(services.db, actorOf(viewer)),
    loadDashboardCharts(services, actorOf(viewer)),
    // drops are the admins' (moderators cannot open /admin/drops): no card for them
    viewer.role === "admin" ? getDashboardDrop(services.db, actorOf(viewer)) : undefined,
  ]);
  return { ...dashboard, charts, drop, now: Date.now(), role: viewer.role };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const d = loaderData;
  return (
    <AdminPage title={t("admin.dashboard.title")} intro={t("admin.dashboard.intro")}>
      {d.drop !== undefined && <DashboardDropCard drop={d.drop} now={d.now} />}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {/* Every figure has one tag: the tags tile counts what differs, the SUN tags (decision 030). */}
        <StatCard
          testId="stat-figures"
          label={t("admin.dashboard.figures")}
          value={d.figures.total}
          hint={t("admin.dashboard.claimedAvailable", { claimed: d.figures.claimed, available: d.figures.available })}
        />
        <StatCard testId="stat-users" label={t("admin.dashboard.users")} value={d.users} />
        <StatCard
          testId="stat-tags"
          label={t("admin.dashboard.sunTags")}
          value={d.tags.sun}
          hint={t("admin.dashboard.codeOnly", { count: d.tags.total - d.tags.sun, total: d.tags.total })}
        />
        <StatCard
          testId="stat-codes-at-risk"
          label={t("admin.dashboard.codesAtRisk")}
          value={d.tags.atRisk}
          hint={t("admin.dashboard.codesAtRiskHint", { length: SAFE_CODE_LENGTH })}
        />
        <StatCard
          testId="stat-claims"
          label={t("admin.dashboard.claims")}
          value={d.claims.total}
          hint={t("admin.dashboard.pending", { count: d.claims.pending })}
        />
        <Link to="/admin/reports" className="rounded-2xl focus-visible:outline-3 focus-visible:outline-grape">
          <StatCard
            testId="stat-reports"
            label={t("admin.dashboard.openReports")}
            value={d.reports.open}
            hint={t("admin.dashboard.markedFigures", { count: d.reports.markedFigures })}
          />
        </Link>
        <Link to="/admin/stories" className="rounded-2xl focus-visible:outline-3 focus-visible:outline-grape">
          <StatCard
            testId="stat-reported-photos"
            label={t("admin.dashboard.reportedPhotos")}
            value={d.reportedPhotos}
            hint={t("admin.dashboard.reportedPhotosHint")}
          />
        </Link>
      </div>
      <StatusCounts byStatus={d.figures.byStatus} publicTotal={d.figures.public} />
      <Card className="mt-6">
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t("admin.dashboard.recent")}</CardTitle>
          <Link to="/admin/claims" className="text-sm font-bold text-grape hover:underline">
            {t("admin.dashboard.allClaims")}
          </Link>
        </CardHeader>
        <CardContent>
          {d.recent.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">{t("admin.dashboard.noClaims")}</p>
          ) : (
            <Table data-testid="recent-claims" className={stacked.table}>
              <TableHeader className={stacked.head}>
                <TableRow>
                  <TableHead>{t("admin.claims.col.boonee")}</TableHead>
                  <TableHead>{t("admin.claims.col.claimedBy")}</TableHead>
                  <TableHead>{t("admin.claims.col.series")}</TableHead>
                  <TableHead>{t("admin.claims.col.date")}</TableHead>
                  <TableHead>{t("admin.claims.col.rarity")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className={`${stacked.body} max-md:p-0`}>
                {d.recent.map((c) => (
                  <TableRow key={c.id} className={stacked.row} data-testid="recent-claim">
                    <TableCell className={`font-bold ${stacked.cell}`}>
                      <Link
                        to={`/boonee/${c.figureId}`}
                        className={
                          c.status === "rejected"
                            ? "text-muted-foreground line-through hover:underline"
                            : "hover:underline"
                        }
                      >
                        {c.name}
                      </Link>
                      {c.status === "rejected" && (
                        <Badge variant="danger" className="ml-2" data-testid="recent-claim-rejected">
                          {t("admin.claims.rejected")}
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell
                      className={`${stacked.cell} ${stacked.labelled}`}
                      data-label={t("admin.claims.col.claimedBy")}
                    >
                      {c.claimer ? <PersonName>{c.claimer}</PersonName> : t("common.anonymous")}
                    </TableCell>
                    <TableCell
                      className={`${stacked.cell} ${stacked.labelled}`}
                      data-label={t("admin.claims.col.series")}
                    >
                      {c.series ?? "—"}
                    </TableCell>
                    <TableCell
                      className={`whitespace-nowrap tabular-nums ${stacked.cell} max-md:text-xs max-md:text-muted-foreground`}
                    >
                      {dates.tableIn(c.claimedAt, c.timeZone)}
                    </TableCell>
                    <TableCell className={stacked.cell}>
                      <RarityBadge rarity={c.rarity} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <WeekCharts charts={d.charts} />
      {d.role === "moderator" && (
        <p className="mt-4 text-sm text-muted-foreground">
          <Badge variant="secondary">{t("admin.dashboard.moderatorNote")}</Badge>
        </p>
      )}
    </AdminPage>
  );
}
