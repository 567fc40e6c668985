import { TextWithName } from "~/components/person-name";
import { ArrowLeftIcon } from "lucide-react";
import { data, Link } from "react-router";
import { FigureImage } from "~/components/figure-image";
import { PageShell } from "~/components/page-shell";
import { Card } from "~/components/ui/card";
import { fontPreloads } from "~/components/landing/fonts";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { useBilingual } from "~/components/drops/bilingual";
import { DropHints } from "~/components/drops/drop-hints";
import { SafetyRules } from "~/components/drops/safety-rules";
import { useDropEvents } from "~/components/drops/use-drop-events";
import { getServices } from "~/guards.server";
import { langOf, pageMeta, shareCardMeta } from "~/lib/meta";
import { CityZone, useDates } from "~/lib/use-dates";
import { ReportNote } from "~/components/figure/report-note";
import { useTranslation } from "~/lib/use-translation";
import { DomainError } from "#server/domain/errors.ts";
import { getPublicDrop, type DropFigure } from "#server/domain/drops/public-drops.ts";
import type { Route } from "./+types/drop";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await getPublicDrop(getServices(context).db, params.id);
  } catch (e) {
    // a waiting, cancelled or unknown drop: nothing of it is public
    if (e instanceof DomainError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Boonees" }];
  const lang = langOf(matches);
  const [title, description] = pageMeta(matches, "drops.page.metaTitle", "drops.page.metaDescription", {
    title: loaderData.title[lang],
    area: loaderData.area[lang],
  });
  return [
    title,
    description,
    ...shareCardMeta(matches, {
      kind: "drop",
      id: loaderData.id,
      path: `/drops/${loaderData.id}`,
      title: loaderData.title[lang],
      description: String((description as { content?: string }).content ?? ""),
    }),
  ];
};

function FigureCard({ figure }: { figure: DropFigure }) {
  const { t } = useTranslation();
  return (
    <Card className="overflow-hidden" data-testid="drop-figure">
      <Link to={`/boonee/${figure.id}`}>
        <FigureImage src={figure.imageUrl} alt={figure.name} />
      </Link>
      <div className="p-4">
        <h3 className="font-display text-lg font-bold wrap-anywhere">{figure.name}</h3>
        <p className="mt-1 text-sm" data-testid="drop-figure-found">
          {figure.found
            ? <TextWithName i18nKey="drops.page.foundAfter" name={figure.found.finder ?? t("drops.page.anonymous")} values={{ count: figure.found.minutes }} />
            : figure.archived
              ? t("drops.page.archived")
              : t("drops.page.stillHidden")}
        </p>
        {figure.reportedIssue && !figure.archived && (
          <div className="mt-2">
            <ReportNote issue={figure.reportedIssue} />
          </div>
        )}
        {figure.withdrawn && (
          <p className="mt-1 text-sm font-semibold text-[#9b1c1c]" data-testid="drop-figure-withdrawn">
            {t("drops.page.withdrawn")}
          </p>
        )}
      </div>
    </Card>
  );
}

/** A released drop: its texts, hints so far, every figure with who found it after how long, and the safety rules. */
export default function Drop({ loaderData: drop }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates(drop.timeZone);
  const pick = useBilingual();
  useDropEvents();
  const hidden = drop.hidden;
  return (
    // the hints and every time on the page in the drop's city's zone (decision 053)
    <CityZone.Provider value={drop.timeZone}>
    <PageShell title={<span className="wrap-anywhere">{pick(drop.title)}</span>} intro={t("drops.page.releasedAt", { when: dates.dayTime(drop.releasedAt) })}>
      <Link to="/drops" className="mb-4 inline-flex items-center gap-1 text-sm font-bold text-grape hover:underline">
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> {t("drops.page.back")}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" data-live="drop-page">
        <div className="min-w-0">
          {pick(drop.area) && <p className="text-lg font-semibold wrap-anywhere">{t("drops.area", { area: pick(drop.area) })}</p>}
          {pick(drop.description) && <p className="mt-2 whitespace-pre-line wrap-anywhere">{pick(drop.description)}</p>}
          {drop.hintImageUrl && (
            <figure className="mt-4 max-w-md">
              <img src={drop.hintImageUrl} alt={t("drops.page.hintPhoto")} width={800} height={800} className="w-full rounded-2xl border-2 border-ink/10" loading="lazy" />
            </figure>
          )}
          <DropHints hints={drop.hints} timeZone={drop.timeZone} />
          <h2 className="mt-8 font-display text-2xl font-bold">{t("drops.page.figures")}</h2>
          <p className="mt-1 text-ink-soft" data-testid="drop-status">
            {hidden > 0 ? t("drops.landing.stillHidden", { count: hidden, total: drop.total }) : t("drops.landing.allFound", { count: drop.total })}
          </p>
          <ul className="mt-4 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3">
            {drop.figures.map((f) => (
              <li key={f.id}>
                <FigureCard figure={f} />
              </li>
            ))}
          </ul>
        </div>
        <SafetyRules />
      </div>
    </PageShell>
    </CityZone.Provider>
  );
}
