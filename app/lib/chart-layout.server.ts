import { scaleBand, scaleLinear } from "d3-scale";

import type { BarChartLayout, ChartDatum } from "~/components/charts/chart-types";

const SIZE = { width: 400, height: 210, left: 34, right: 8, top: 10, bottom: 30 };

/**
 * Vertical bars, grouped by `group` and side by side by `key` (d3-scale's band and linear scales):
 * whole-number ticks, a zero baseline, and a 1-unit domain when every value is 0.
 */
export function barChartLayout(data: ChartDatum[], size: Partial<typeof SIZE> = {}): BarChartLayout {
  const s = { ...SIZE, ...size };
  const groups = [...new Set(data.map((d) => d.group))];
  const keys = [...new Set(data.map((d) => d.key))];
  const max = Math.max(1, ...data.map((d) => d.value));
  const x = scaleBand<string>()
    .domain(groups)
    .range([s.left, s.width - s.right])
    .paddingInner(groups.length > 20 ? 0.15 : 0.25)
    .paddingOuter(0.1);
  const inner = scaleBand<string>()
    .domain(keys)
    .range([0, x.bandwidth()])
    .padding(keys.length > 1 ? 0.08 : 0);
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([s.height - s.bottom, s.top]);
  const ticks = y.ticks(Math.min(4, y.domain()[1])).filter(Number.isInteger);
  return {
    width: s.width,
    height: s.height,
    plot: { left: s.left, top: s.top, right: s.width - s.right, bottom: s.height - s.bottom },
    bars: data.map((d) => ({
      ...d,
      x: (x(d.group) ?? 0) + (inner(d.key) ?? 0),
      y: y(d.value),
      width: inner.bandwidth(),
      height: y(0) - y(d.value),
    })),
    groups: groups.map((g) => ({ group: g, x: (x(g) ?? 0) + x.bandwidth() / 2 })),
    ticks: ticks.map((value) => ({ value, y: y(value) })),
    keys,
    total: data.reduce((sum, d) => sum + d.value, 0),
  };
}
