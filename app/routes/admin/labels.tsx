import { ArrowLeftIcon, PrinterIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { actorOf, getServices, requireRole } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { listLabels } from "#server/domain/list-labels.ts";
import { qrSvgDataUrl } from "./qr.server";
import type { Route } from "./+types/labels";
import { UUID } from "#shared/uuid.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.labels.metaTitle", "admin.labels.metaDescription");

/** A printable sheet of QR labels: ?ids=a,b,c (a batch, ≤ 200) or ?type=<id> (the unclaimed instances of a type). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(context, request, ["admin"]);
  const services = getServices(context);
  const url = new URL(request.url);
  const ids = (url.searchParams.get("ids") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => UUID.test(s))
    .slice(0, 200);
  const typeParam = url.searchParams.get("type") ?? "";
  const typeId = UUID.test(typeParam) ? typeParam : undefined;
  const rows = await listLabels(services.db, actorOf(viewer), { ids, typeId });
  const labels = await Promise.all(
    rows.map(async (r) => {
      const claimUrl = `${services.settings.publicUrl}/c/${r.code}`;
      return { id: r.id, name: r.name, series: r.series, number: r.number, code: r.code, claimUrl, qr: await qrSvgDataUrl(claimUrl) };
    }),
  );
  return { labels };
}

/** A4 with 10 mm margins holds 3 × 4 labels of 62 × 66 mm: 12 a page. */
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 10mm; }
  body { background: #fff !important; }
  body > header, body > footer, body > a[href="#main"], [data-slot="sidebar"], [data-sonner-toaster] { display: none !important; }
  .label-page > div:first-child { display: none !important; }
  .label-sheet { grid-template-columns: repeat(3, 62mm) !important; grid-auto-rows: 66mm !important; gap: 2mm !important; }
  .label-cell { break-inside: avoid; box-shadow: none !important; padding: 2mm !important; gap: 0.5mm !important; overflow: hidden; }
  .label-cell img { width: 34mm !important; height: 34mm !important; }
}`;

export default function Labels({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { labels } = loaderData;
  return (
    <AdminPage
      title={t("admin.labels.title")}
      intro={t("admin.labels.intro", { count: labels.length })}
      className="label-page print:p-0"
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
      <style>{PRINT_CSS}</style>
      {labels.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-8 text-center text-muted-foreground">{t("admin.labels.empty")}</p>
      ) : (
        <ol className="label-sheet grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="label-sheet">
          {labels.map((l) => (
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
                className="aspect-square w-full max-w-40"
              />
              <p className="line-clamp-1 font-display text-sm font-bold">{l.name}</p>
              <p className="text-xs font-semibold" data-testid="label-series">
                {l.series ?? t("admin.labels.noSeries")}
                {" · "}
                {t("admin.boonees.number", { number: l.number })}
              </p>
              <p className="font-mono text-[10px] leading-tight break-all">
                {l.claimUrl.slice(0, l.claimUrl.length - l.code.length)}
                <wbr />
                <span className="text-xs font-bold break-normal whitespace-nowrap">{l.code}</span>
              </p>
              <p className="text-[8px] leading-tight text-muted-foreground">{t("admin.labels.artNotice")}</p>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}
