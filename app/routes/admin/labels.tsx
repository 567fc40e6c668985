import { ArrowLeftIcon, PrinterIcon, UmbrellaIcon } from "lucide-react";
import { Link } from "react-router";

import { UUID } from "#shared/uuid.ts";
import { labelTypeSummary, listLabels } from "#server/domain/figures/list-labels.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { numberRanges } from "~/lib/number-ranges";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/labels";
import { qrSvgDataUrl } from "./qr.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.labels.metaTitle", "admin.labels.metaDescription");

/**
 * The two print layouts, in millimetres, each centred on A4 (210 × 297 mm) and printed with no page
 * margin so that every page starts at the same place (the first page's top strip carries the
 * laminate note).
 * - sheet: plain A4 paper, 3 × 4 labels of 62 × 66 mm, cut along the dashed lines (12 a page).
 * - sticker: A4 sheets of square 40 × 40 mm stickers, 4 across and 6 down (24 a page) with 5 mm
 *   between them, the usual layout of 40 mm square sticker sheets; the stickers sit 17.5 mm from the
 *   left and 16 mm from the top edge. The QR code is 25.2 mm wide (≥ 25 mm scans from arm's length);
 *   below it, in small print, the number, the claim URL with its code and the art notice (decision 019).
 */
export const LABEL_FORMATS = {
  sheet: { columns: 3, rows: 4, width: 62, height: 66, gap: 2, qr: 34 },
  sticker: { columns: 4, rows: 6, width: 40, height: 40, gap: 5, qr: 25.2 },
} as const;
export type LabelFormat = keyof typeof LABEL_FORMATS;

const A4 = { width: 210, height: 297 };
const perPage = (f: LabelFormat) => LABEL_FORMATS[f].columns * LABEL_FORMATS[f].rows;
const margins = (f: LabelFormat) => {
  const { columns, rows, width, height, gap } = LABEL_FORMATS[f];
  return {
    left: (A4.width - columns * width - (columns - 1) * gap) / 2,
    top: (A4.height - rows * height - (rows - 1) * gap) / 2,
  };
};

/** Only the known formats; anything else is the default sheet (never echoed back). */
const formatParam = (raw: string | null): LabelFormat => (raw === "sticker" ? "sticker" : "sheet");

/**
 * A printable sheet of QR labels: ?ids=a,b,c (a batch, ≤ 200) or ?type=<id> (the unclaimed
 * instances of a type, with how many claimed ones were left out); &format=sticker for sticker sheets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const url = new URL(request.url);
  const ids = (url.searchParams.get("ids") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => UUID.test(s))
    .slice(0, 200);
  const typeParam = url.searchParams.get("type") ?? "";
  const typeId = ids.length === 0 && UUID.test(typeParam) ? typeParam : undefined;
  const format = formatParam(url.searchParams.get("format"));
  const actor = actorOf(viewer);
  const [rows, type] = await Promise.all([
    listLabels(services.db, actor, { ids, typeId }),
    typeId ? labelTypeSummary(services.db, actor, typeId) : null,
  ]);
  const labels = await Promise.all(
    rows.map(async (r) => {
      const claimUrl = `${services.settings.publicUrl}/c/${r.code}`;
      return {
        id: r.id,
        name: r.name,
        series: r.series,
        number: r.number,
        code: r.code,
        claimUrl,
        qr: await qrSvgDataUrl(claimUrl),
      };
    }),
  );
  // The links to the other format carry the validated selection only.
  const selection: Record<string, string> = ids.length > 0 ? { ids: ids.join(",") } : typeId ? { type: typeId } : {};
  return { labels, format, type, selection };
}

/** The print rules of one format: no page margin, the sheet's top strip for the note, labels at their exact size. */
function printCss(format: LabelFormat) {
  const f = LABEL_FORMATS[format];
  const m = margins(format);
  return `
@media print {
  @page { size: A4; margin: 0; }
  body { background: #fff !important; }
  body > header, body > footer, body > a[href="#main"], [data-slot="sidebar"], [data-sonner-toaster] { display: none !important; }
  .label-page { padding: 0 !important; }
  .label-page > div:first-child, .label-screen-only { display: none !important; }
  .label-laminate { box-sizing: border-box; height: ${m.top}mm; margin: 0 !important; padding: 0 ${m.left}mm 1.5mm !important;
    display: flex !important; align-items: flex-end; border: 0 !important; border-radius: 0 !important; background: none !important;
    font-size: 7pt !important; line-height: 1.25 !important; overflow: hidden; }
  .label-laminate svg { display: none !important; }
  [data-slot="sidebar-wrapper"] { background: #fff !important; min-height: 0 !important; }
  .label-pages { display: block !important; }
  .label-print-page { margin: 0 !important; padding: ${m.top}mm 0 0 ${m.left}mm !important; break-before: page; }
  .label-print-page:first-of-type { padding-top: 0 !important; break-before: auto; }
  .label-sheet { grid-template-columns: repeat(${f.columns}, ${f.width}mm) !important; grid-auto-rows: ${f.height}mm !important;
    gap: ${f.gap}mm !important; }
  .label-cell { width: ${f.width}mm; height: ${f.height}mm; box-sizing: border-box; break-inside: avoid; box-shadow: none !important;
    padding: ${format === "sticker" ? 1 : 2}mm !important; gap: ${format === "sticker" ? 0.3 : 0.5}mm !important; overflow: hidden; align-content: start; }
  .label-cell > * { min-height: min-content; }
  .label-cell img { width: ${f.qr}mm !important; height: ${f.qr}mm !important; max-width: none !important; }
  ${
    format === "sticker"
      ? `.label-cell { border-color: transparent !important; border-radius: 0 !important; }
  .label-cell img { margin-bottom: 0.5mm; }
  .label-cell [data-label-line="series"] { font-size: 5.5pt !important; line-height: 1.2 !important; }
  .label-cell [data-label-line="url"] { font-size: 4.5pt !important; line-height: 1.15 !important; }
  .label-cell [data-label-line="url"] span { font-size: 7pt !important; line-height: 1.1 !important; }
  .label-cell [data-label-line="notice"] { font-size: 4.2pt !important; line-height: 1.1 !important; }`
      : ""
  }
}`;
}

export default function Labels({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { labels, format, type, selection } = loaderData;
  const size = perPage(format);
  const pages = Array.from({ length: Math.ceil(labels.length / size) }, (_, i) =>
    labels.slice(i * size, (i + 1) * size),
  );
  const formatHref = (f: LabelFormat) =>
    `/admin/labels?${new URLSearchParams({ ...selection, ...(f === "sticker" ? { format: f } : {}) }).toString()}`;
  const sticker = format === "sticker";
  return (
    <AdminPage
      title={t("admin.labels.title")}
      intro={t("admin.labels.intro", { count: labels.length })}
      className="label-page"
      actions={
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button asChild variant="outline">
            <Link to="/admin/boonees">
              <ArrowLeftIcon /> {t("admin.nav.boonees")}
            </Link>
          </Button>
          <Button type="button" onClick={() => window.print()} disabled={labels.length === 0}>
            <PrinterIcon /> {t("admin.labels.print")}
          </Button>
        </div>
      }
    >
      <style>{printCss(format)}</style>
      {type && (
        <div className="label-screen-only mb-4 grid gap-1" data-testid="label-summary">
          {labels.length > 0 ? (
            <p className="font-semibold">
              {t("admin.labels.typeSummary", { name: type.name, numbers: numberRanges(labels.map((l) => l.number)) })}
            </p>
          ) : null}
          {type.claimed > 0 && (
            <p className="text-muted-foreground" data-testid="label-left-out">
              {t("admin.labels.leftOut", { count: type.claimed })}
            </p>
          )}
        </div>
      )}
      <div className="label-screen-only mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="text-sm font-bold" id="label-format">
          {t("admin.labels.format")}
        </span>
        <nav aria-labelledby="label-format" className="inline-flex rounded-xl border-2 border-ink/10 bg-white p-1">
          {(Object.keys(LABEL_FORMATS) as LabelFormat[]).map((f) => (
            <Link
              key={f}
              to={formatHref(f)}
              replace
              preventScrollReset
              aria-current={f === format ? "page" : undefined}
              className={cn(
                "rounded-lg px-3 py-1.5 text-center text-sm leading-tight font-bold focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none",
                f === format ? "bg-grape text-white" : "text-muted-foreground hover:bg-ink/5 hover:text-foreground",
              )}
            >
              {t(`admin.labels.formats.${f}`)}{" "}
              <span className="block text-xs font-semibold whitespace-nowrap opacity-80">
                {t("admin.labels.formatSize", { width: LABEL_FORMATS[f].width, height: LABEL_FORMATS[f].height })}
              </span>
            </Link>
          ))}
        </nav>
        <span className="text-sm text-muted-foreground">{t(`admin.labels.formatHints.${format}`)}</span>
      </div>
      {labels.length === 0 ? (
        <p
          className="rounded-2xl border-2 border-dashed border-ink/15 p-8 text-center text-muted-foreground"
          data-testid="labels-empty"
        >
          {type && type.claimed > 0 ? t("admin.labels.allClaimed", { name: type.name }) : t("admin.labels.empty")}
        </p>
      ) : (
        <>
          <p
            className="label-laminate mb-4 flex items-start gap-2 rounded-2xl border-2 border-[#b7791f]/30 bg-[#fff7e6] p-3 text-sm font-semibold"
            data-testid="laminate-note"
          >
            <UmbrellaIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t("admin.labels.laminate")}
          </p>
          <div data-testid="label-sheet" data-format={format} className="label-pages grid gap-6">
            {pages.map((page, i) => (
              <section
                key={i}
                className="label-print-page"
                aria-label={t("admin.labels.pageOf", { page: i + 1, pages: pages.length })}
              >
                {pages.length > 1 && (
                  <h2 className="label-screen-only mb-2 text-xs font-extrabold tracking-wide text-muted-foreground uppercase">
                    {t("admin.labels.pageOf", { page: i + 1, pages: pages.length })}
                  </h2>
                )}
                <ol
                  className={cn(
                    "label-sheet grid gap-3",
                    sticker
                      ? "grid-cols-2 min-[420px]:grid-cols-3 md:grid-cols-4 xl:grid-cols-6"
                      : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4",
                  )}
                >
                  {page.map((l) => (
                    <li
                      key={l.id}
                      className="label-cell grid justify-items-center gap-1 rounded-xl border-2 border-dashed border-ink/20 bg-white p-3 text-center"
                      data-testid="label"
                    >
                      <img
                        src={l.qr}
                        alt={t("admin.create.qrAlt", { url: l.claimUrl })}
                        width={160}
                        height={160}
                        className={cn("aspect-square w-full", sticker ? "max-w-32" : "max-w-40")}
                        data-testid="label-qr"
                      />
                      {!sticker && <p className="line-clamp-1 font-display text-sm font-bold">{l.name}</p>}
                      {/* a sticker has room for one line: the number first, a long series cut short */}
                      <p
                        className={cn("text-xs font-semibold", sticker && "w-full truncate")}
                        data-testid="label-series"
                        data-label-line="series"
                      >
                        {sticker
                          ? `${t("admin.boonees.number", { number: l.number })} · ${l.series ?? t("admin.labels.noSeries")}`
                          : `${l.series ?? t("admin.labels.noSeries")} · ${t("admin.boonees.number", { number: l.number })}`}
                      </p>
                      <p className="font-mono text-[10px] leading-tight break-all" data-label-line="url">
                        {l.claimUrl.slice(0, l.claimUrl.length - l.code.length)}
                        <wbr />
                        <span className="text-xs font-bold break-normal whitespace-nowrap" data-testid="label-code">
                          {l.code}
                        </span>
                      </p>
                      <p className="text-[8px] leading-tight text-muted-foreground" data-label-line="notice">
                        {t("admin.labels.artNotice")}
                      </p>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </>
      )}
    </AdminPage>
  );
}
