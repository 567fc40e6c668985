import { useId } from "react";

import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

import type { BarChartLayout } from "./chart-types";

/** Bar colours by series key (Tailwind fill classes of the theme); the first series is grape. */
const DEFAULT_TONES = ["fill-grape", "fill-ember", "fill-slime", "fill-gold"];

export interface BarChartProps {
  layout: BarChartLayout;
  title: string;
  /** The first sentence of the text alternative (e.g. the total); the non-zero numbers follow it. */
  lead: string;
  /** Instead of the generated numbers, this text after the lead. */
  details?: string;
  formatValue?: (value: number) => string;
  /** How a group (x axis) is written under the chart and in the table. */
  groupLabel?: (group: string) => string;
  /** Label every n-th group only (long axes such as 56 days). */
  labelEvery?: number;
  /** Series names for the legend and the table's head; without: one unnamed series. */
  keyLabel?: (key: string) => string;
  tones?: Record<string, string>;
  /** Colours by group instead (e.g. one per rarity). */
  groupTones?: Record<string, string>;
  /** The table's first column head. */
  groupHead: string;
  testId?: string;
}

/**
 * A bar chart as server-rendered SVG: a title and a description for assistive technology, the
 * numbers as a table behind a <details> (readable without JavaScript), and geometry from
 * `barChartLayout` (d3-scale on the server), so the browser gets no chart code but this component.
 */
export function BarChart(props: BarChartProps) {
  const {
    layout,
    title,
    lead,
    groupLabel = (g) => g,
    labelEvery = 1,
    keyLabel,
    tones,
    groupTones,
    groupHead,
    testId,
    formatValue = String,
  } = props;
  const { t } = useTranslation();
  const id = useId();
  const tone = (key: string) => tones?.[key] ?? DEFAULT_TONES[layout.keys.indexOf(key) % DEFAULT_TONES.length];
  const value = (group: string, key: string) => layout.bars.find((b) => b.group === group && b.key === key)?.value ?? 0;
  const missing = (group: string, key: string) =>
    !!layout.bars.find((b) => b.group === group && b.key === key)?.missing;
  /** A value as shown: "—" where there is nothing to measure (a find that never happened), never "0". */
  const shown = (group: string, key: string) => (missing(group, key) ? "—" : formatValue(value(group, key)));
  // "24.11.: 1; 25.11.: 2" or "Push: sent 3, failed 0; E-mail: …"
  // (a long axis such as 56 days names only the groups with a number; a short one names every group)
  const numbers = layout.groups
    .filter((g) => layout.groups.length <= 12 || layout.keys.some((key) => value(g.group, key) !== 0))
    .map((g) =>
      keyLabel
        ? `${groupLabel(g.group)}: ${layout.keys.map((key) => `${keyLabel(key)} ${shown(g.group, key)}`).join(", ")}`
        : `${groupLabel(g.group)}: ${shown(g.group, layout.keys[0])}`,
    )
    .join("; ");
  const description = [lead, props.details ?? numbers].filter(Boolean).join(" ");
  return (
    <figure className="min-w-0" data-testid={testId}>
      <figcaption className="font-display text-lg font-bold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="mt-2 h-auto w-full overflow-visible text-ink-soft"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {layout.ticks.map((tick) => (
          <g key={tick.value}>
            <line
              x1={layout.plot.left}
              x2={layout.plot.right}
              y1={tick.y}
              y2={tick.y}
              className="stroke-current opacity-20"
              strokeWidth={1}
            />
            <text
              x={layout.plot.left - 6}
              y={tick.y}
              dy="0.32em"
              textAnchor="end"
              className="fill-current text-[13px] tabular-nums"
            >
              {tick.value}
            </text>
          </g>
        ))}
        {layout.bars
          .filter((bar) => !bar.missing)
          .map((bar) => (
            <rect
              key={`${bar.group}-${bar.key}`}
              x={bar.x}
              y={bar.y}
              width={Math.max(bar.width, 1)}
              height={bar.height}
              rx={Math.min(3, bar.width / 3)}
              className={groupTones?.[bar.group] ?? tone(bar.key)}
            />
          ))}
        <line
          x1={layout.plot.left}
          x2={layout.plot.right}
          y1={layout.plot.bottom}
          y2={layout.plot.bottom}
          className="stroke-current opacity-50"
          strokeWidth={1}
        />
        {layout.groups.map((g, i) =>
          (layout.groups.length - 1 - i) % labelEvery === 0 ? (
            <text
              key={g.group}
              x={g.x}
              y={layout.plot.bottom + 18}
              textAnchor="middle"
              className="fill-current text-[13px]"
            >
              {groupLabel(g.group)}
            </text>
          ) : null,
        )}
      </svg>
      {keyLabel && layout.keys.length > 1 && (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft" aria-hidden="true">
          {layout.keys.map((key) => (
            <li key={key} className="flex items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="size-3">
                <rect width="10" height="10" rx="2" className={tone(key)} />
              </svg>
              {keyLabel(key)}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-grape">{t("charts.asTable")}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {groupHead}
                </th>
                {layout.keys.map((key) => (
                  <th key={key} scope="col" className="py-1 pr-3 text-right">
                    {keyLabel ? keyLabel(key) : t("charts.value")}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {layout.groups.map((g) => (
                <tr key={g.group} className={cn("border-t border-border")}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {groupLabel(g.group)}
                  </th>
                  {layout.keys.map((key) => (
                    <td key={key} className="py-1 pr-3 text-right">
                      {shown(g.group, key)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
