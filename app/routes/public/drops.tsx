import { Link } from "react-router";
import { PageShell } from "~/components/page-shell";
import { Card } from "~/components/ui/card";
import { fontPreloads } from "~/components/landing/fonts";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { useBilingual } from "~/components/drops/bilingual";
import { SafetyRules } from "~/components/drops/safety-rules";
import { getServices } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { listPastDrops } from "#server/domain/public-drops.ts";
import type { Route } from "./+types/drops";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "drops.list.metaTitle", "drops.list.metaDescription");

export async function loader({ context }: Route.LoaderArgs) {
  return { drops: await listPastDrops(getServices(context).db) };
}

/** The archive of released drops, newest first. */
export default function Drops({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const pick = useBilingual();
  return (
    <PageShell title={t("drops.list.title")} intro={t("drops.list.intro")}>
      {loaderData.drops.length === 0 ? (
        <p className="text-ink-soft" data-testid="drops-empty">{t("drops.list.empty")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="drops-list">
          {loaderData.drops.map((d) => (
            <li key={d.id}>
              <Card className="h-full p-5">
                <h2 className="font-display text-xl font-bold wrap-anywhere">
                  <Link to={`/drops/${d.id}`} className="hover:underline">
                    {pick(d.title)}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-ink-soft">{dates.dayTime(d.releasedAt)}</p>
                {pick(d.area) && <p className="mt-1 wrap-anywhere">{t("drops.area", { area: pick(d.area) })}</p>}
                <p className="mt-2 font-semibold">{t("drops.list.found", { found: d.found, total: d.total })}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8">
        <SafetyRules />
      </div>
    </PageShell>
  );
}
