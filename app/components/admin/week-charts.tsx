import type * as React from "react";

import { BarChart } from "~/components/charts/bar-chart";
import { Card } from "~/components/ui/card";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";
import type { DashboardCharts } from "~/routes/admin/dashboard-charts.server";

type Views = { [K in keyof DashboardCharts]: (props: { data: DashboardCharts[K] }) => React.ReactNode };

function useNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === "en" ? "en-GB" : "de-DE", { maximumFractionDigits: 1 });
  return (n: number) => format.format(n);
}

/** A chart with nothing to draw yet: its title and why it is empty (`charts.<id>.title`, `charts.<id>.empty`). */
function EmptyChart({ id }: { id: "timeToFind" | "openReports" }) {
  const { t } = useTranslation();
  return (
    <figure data-testid={`chart-${id}`}>
      <figcaption className="font-display text-lg font-bold">{t(`charts.${id}.title`)}</figcaption>
      <p className="mt-3 text-muted-foreground">{t(`charts.${id}.empty`)}</p>
    </figure>
  );
}

/** One view per entry of DASHBOARD_CHARTS (app/routes/admin/dashboard-charts.server.ts), in this order. */
export const DASHBOARD_CHART_VIEWS: Views = {
  claimsPerDay: ({ data }) => {
    const { t } = useTranslation();
    const dates = useDates();
    return (
      <BarChart
        testId="chart-claimsPerDay"
        layout={data.layout}
        title={t("charts.claimsPerDay.title")}
        lead={t("charts.claimsPerDay.lead", { count: data.total })}
        groupLabel={dates.shortDay}
        groupHead={t("charts.day")}
        labelEvery={14}
      />
    );
  },
  timeToFind: ({ data }) => {
    const { t, i18n } = useTranslation();
    const number = useNumber();
    const title = (id: string) => {
      const drop = data.drops.find((d) => d.id === id);
      return (i18n.language === "en" ? drop?.titleEn : drop?.titleDe) ?? "";
    };
    if (data.drops.length === 0) {
      return <EmptyChart id="timeToFind" />;
    }
    const details = data.drops
      .map(
        (d) =>
          `${title(d.id)}: ${d.figures
            .map((f) =>
              f.hours === null
                ? t("charts.timeToFind.notFound", { name: f.name })
                : t("charts.timeToFind.found", { name: f.name, hours: number(f.hours) }),
            )
            .join(", ")}.`,
      )
      .join(" ");
    return (
      <BarChart
        testId="chart-timeToFind"
        layout={data.layout}
        title={t("charts.timeToFind.title")}
        lead={t("charts.timeToFind.lead")}
        details={details}
        groupLabel={title}
        groupHead={t("charts.drop")}
        keyLabel={(key) => t("charts.timeToFind.nth", { n: key.slice(1) })}
        formatValue={(h) => t("charts.hours", { hours: number(h) })}
      />
    );
  },
  activeCollectors: ({ data }) => {
    const { t } = useTranslation();
    const dates = useDates();
    return (
      <BarChart
        testId="chart-activeCollectors"
        layout={data.layout}
        title={t("charts.activeCollectors.title")}
        lead={t("charts.activeCollectors.lead", { count: data.thisWeek })}
        groupLabel={dates.shortDay}
        groupHead={t("charts.weekOf")}
        labelEvery={2}
        tones={{ active: "fill-slime" }}
      />
    );
  },
  deliveries: ({ data }) => {
    const { t } = useTranslation();
    return (
      <BarChart
        testId="chart-deliveries"
        layout={data.layout}
        title={t("charts.deliveries.title")}
        lead={t("charts.deliveries.lead")}
        groupLabel={(channel) => t(dataKey(`charts.deliveries.${channel}`))}
        groupHead={t("charts.channel")}
        keyLabel={(key) => t(dataKey(`charts.deliveries.${key}`))}
        tones={{ sent: "fill-slime", failed: "fill-ember", unsubscribed: "fill-gold" }}
      />
    );
  },
  openReports: ({ data }) => {
    const { t } = useTranslation();
    if (data.total === 0) {
      return <EmptyChart id="openReports" />;
    }
    return (
      <BarChart
        testId="chart-openReports"
        layout={data.layout}
        title={t("charts.openReports.title")}
        lead={t("charts.openReports.lead", { count: data.total, marked: data.marked })}
        groupLabel={(kind) => t(dataKey(`charts.openReports.${kind}`))}
        groupHead={t("charts.openReports.title")}
        keyLabel={() => t("charts.openReports.open")}
        tones={{ open: "fill-ember" }}
      />
    );
  },
};

/** The dashboard's "week in numbers": every chart of DASHBOARD_CHARTS in a card. */
export function WeekCharts({ charts }: { charts: DashboardCharts }) {
  const { t } = useTranslation();
  const ids = Object.keys(DASHBOARD_CHART_VIEWS) as (keyof DashboardCharts)[];
  return (
    <section className="mt-6" aria-labelledby="week-charts-heading">
      <h2 id="week-charts-heading" className="font-display text-2xl font-bold">
        {t("charts.section")}
      </h2>
      <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {ids.map((id) => {
          const View = DASHBOARD_CHART_VIEWS[id] as (props: { data: DashboardCharts[typeof id] }) => React.ReactNode;
          return (
            <Card key={id} className="p-4 sm:p-5">
              <View data={charts[id]} />
            </Card>
          );
        })}
      </div>
    </section>
  );
}
