import type { Actor } from "#server/domain/errors.ts";
import { openReportsByKind } from "#server/domain/reports/open-reports.ts";
import {
  activeCollectorsPerWeek,
  claimsPerDay,
  deliveriesPerChannel,
  dropTimesToFind,
} from "#server/domain/stats/week-charts.ts";
import type { Services } from "#server/services.ts";
import { barChartLayout } from "~/lib/chart-layout.server";

/** `actor`: whose cities the charts count (decision 058); absent: every city. */
type ChartContext = Pick<Services, "db"> & { zone: string; actor?: Actor };

const days = (rows: { day: string; count: number }[], key: string) =>
  rows.map((r) => ({ group: r.day, key, value: r.count }));

/**
 * The dashboard's charts, one entry each: its query and its layout. A new chart is one more entry
 * here and its view in `DASHBOARD_CHART_VIEWS` (app/components/admin/week-charts.tsx), which the
 * types ask for.
 */
export const DASHBOARD_CHARTS = {
  claimsPerDay: async ({ db, zone, actor }: ChartContext) => {
    const rows = await claimsPerDay(db, zone, actor);
    return { layout: barChartLayout(days(rows, "claims")), total: rows.reduce((sum, r) => sum + r.count, 0) };
  },
  timeToFind: async ({ db, actor }: ChartContext) => {
    const drops = await dropTimesToFind(db, 4, actor);
    // Every drop gets every place (#1 … the largest drop's size): a find that never happened, or a place
    // a smaller drop does not have, is "missing" ("—" in the table), never a bar of 0 h.
    const places = Math.max(0, ...drops.map((d) => d.figures.length));
    const data = drops.flatMap((d) =>
      Array.from({ length: places }, (_, i) => {
        const hours = d.figures[i]?.hours ?? null;
        return { group: d.id, key: `#${i + 1}`, value: hours ?? 0, missing: hours === null };
      }),
    );
    return { layout: barChartLayout(data), drops };
  },
  activeCollectors: async ({ db, zone, actor }: ChartContext) => {
    const rows = await activeCollectorsPerWeek(db, zone, actor);
    return { layout: barChartLayout(days(rows, "active")), thisWeek: rows.at(-1)?.count ?? 0 };
  },
  deliveries: async ({ db, actor }: ChartContext) => {
    const channels = await deliveriesPerChannel(db, actor);
    const data = channels.flatMap((c) =>
      (["sent", "failed", "unsubscribed"] as const).map((key) => ({ group: c.channel, key, value: c[key] })),
    );
    return { layout: barChartLayout(data) };
  },
  openReports: async ({ db, actor }: ChartContext) => {
    const open = await openReportsByKind(db, actor);
    const data = (["missing", "damaged"] as const).map((kind) => ({ group: kind, key: "open", value: open[kind] }));
    return { layout: barChartLayout(data), total: open.missing + open.damaged, marked: open.markedFigures };
  },
};

export type DashboardCharts = {
  [K in keyof typeof DASHBOARD_CHARTS]: Awaited<ReturnType<(typeof DASHBOARD_CHARTS)[K]>>;
};

/** Every chart's data, read in parallel. */
export async function loadDashboardCharts(services: Services, actor: Actor): Promise<DashboardCharts> {
  const context = { db: services.db, zone: services.config.TIME_ZONE, actor };
  const entries = await Promise.all(
    Object.entries(DASHBOARD_CHARTS).map(async ([id, load]) => [id, await load(context)] as const),
  );
  return Object.fromEntries(entries) as DashboardCharts;
}
