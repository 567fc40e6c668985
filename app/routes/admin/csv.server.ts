import type { RouterContextProvider } from "react-router";
import { langContext } from "#server/router-context.ts";
import { actorOf, getServices, refusal, requireUser } from "~/guards.server";
import { isoDay } from "#shared/dates.ts";
import { createI18n } from "~/lib/i18n";
import { loadMessages } from "~/locales/messages";
import { csvStream } from "#server/csv/csv.ts";
import type { Actor } from "#server/domain/errors.ts";

type Cell = string | number | Date | null | undefined;

/**
 * Answers a CSV download: signed out goes to /auth (and back here), then the export's own role check
 * decides (403 as plain text in the reader's language); column names are in the reader's language too.
 */
export async function csvDownload<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  spec: { name: string; columns: string[]; rows: (actor: Actor | null) => AsyncIterable<T>; cells: (row: T) => readonly Cell[] },
) {
  const viewer = requireUser(context, request);
  const lang = context.get(langContext);
  const t = createI18n(lang, await loadMessages(lang)).t;
  let rows: AsyncIterable<T>;
  try {
    rows = spec.rows(actorOf(viewer));
  } catch (e) {
    const r = refusal(e, { keys: { unauthorized: "admin.error.unauthorized" }, fallback: "admin.error.forbidden" });
    return new Response(t(r.error), {
      status: r.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const day = isoDay(Date.now(), getServices(context).settings.timeZone);
  return new Response(
    csvStream(
      spec.columns.map((c) => t(`admin.csv.${c}`)),
      rows,
      spec.cells,
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
