import type { RouterContextProvider } from "react-router";

import { formatSpreadsheetTime, isoDay } from "#shared/dates.ts";
import { csvStream } from "#server/csv/csv.ts";
import type { Actor } from "#server/domain/errors.ts";
import { langContext } from "#server/router-context.ts";
import { actorOf, getServices, refusal, requireUser } from "~/guards.server";
import { createI18n } from "~/lib/i18n";
import { dataKey } from "~/locales/message-key";
import { loadMessages } from "~/locales/messages";

type Cell = string | number | Date | null | undefined;

/**
 * How a row's values read in the reader's spreadsheet: translated values, times in `zone` (a figure's
 * city's zone, decision 053) or else TIME_ZONE.
 */
export interface CsvFormat {
  t: (key: string) => string;
  time: (d: Date | string | null | undefined, zone?: string) => string | null;
}

/**
 * Answers a CSV download: signed out goes to /auth (and back here), then the export's own role check
 * decides (403 as plain text in the reader's language). Column names and values are in the reader's
 * language, times in the figure's city's zone where the row gives one (else TIME_ZONE), and the separator is the one their spreadsheet reads: ";" for
 * German, "," for English (decision 030).
 */
export async function csvDownload<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  spec: {
    name: string;
    columns: string[];
    rows: (actor: Actor | null) => AsyncIterable<T>;
    cells: (row: T, f: CsvFormat) => readonly Cell[];
  },
) {
  const viewer = requireUser(context, request);
  const lang = context.get(langContext);
  const t = createI18n(lang, await loadMessages(lang)).t;
  const zone = getServices(context).settings.timeZone;
  let rows: AsyncIterable<T>;
  try {
    rows = spec.rows(actorOf(viewer));
  } catch (e) {
    const r = refusal(e, { keys: { unauthorized: "admin.error.unauthorized" }, fallback: "admin.error.forbidden" });
    return new Response(t(dataKey(r.error)), {
      status: r.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const format: CsvFormat = {
    t: (key) => t(dataKey(key)),
    time: (d, own) => (d ? formatSpreadsheetTime(d, lang, own ?? zone) : null),
  };
  const day = isoDay(Date.now(), zone);
  return new Response(
    csvStream(
      spec.columns.map((c) => t(dataKey(`admin.csv.${c}`))),
      rows,
      (row) => spec.cells(row, format),
      lang === "de" ? ";" : ",",
    ),
    {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="boonees-${spec.name}-${day}.csv"`,
        "cache-control": "private, no-store",
      },
    },
  );
}
