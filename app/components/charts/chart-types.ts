/** One value of a chart: `group` is a place on the x axis (a day, a week, a channel), `key` a series in it. */
export interface ChartDatum {
  group: string;
  key: string;
  value: number;
  /** Nothing to measure (a find that never happened): no bar, and "—" in the table, never "0". */
  missing?: boolean;
}

/** Plain geometry for `<BarChart>`: computed on the server, so no scale library reaches the browser. */
export interface BarChartLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: {
    group: string;
    key: string;
    value: number;
    missing?: boolean;
    x: number;
    y: number;
    width: number;
    height: number;
  }[];
  /** every group's centre, for its label (the component shows every n-th one) */
  groups: { group: string; x: number }[];
  ticks: { value: number; y: number }[];
  keys: string[];
  total: number;
}
