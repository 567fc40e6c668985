import { weekChartTests } from "./week-charts.ts";

weekChartTests(375);
