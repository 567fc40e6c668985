import { ExternalLinkIcon, LockIcon } from "lucide-react";
import { Link } from "react-router";

import { getExclusiveFeed } from "#server/domain/broadcasts/exclusive-feed.ts";
import { ContentTypeBadge, ExclusiveMedia, ExclusiveTexts } from "~/components/exclusive-item";
import { PageShell } from "~/components/page-shell";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, getServices, requireUser } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/exclusive";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "exclusive.metaTitle", "exclusive.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  return getExclusiveFeed(getServices(context).db, actorOf(viewer));
}

export default function ExclusivePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const { owns, items } = loaderData;
  if (!owns || items.length === 0) {
    return (
      <PageShell title={t("exclusive.title")}>
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <LockIcon aria-hidden="true" className="size-12 text-grape" />
            <p className="font-display text-2xl font-bold">
              {owns ? t("exclusive.emptyTitle") : t("exclusive.lockedTitle")}
            </p>
            <p className="text-muted-foreground">{owns ? t("exclusive.emptyText") : t("exclusive.lockedText")}</p>
            <Button asChild>
              <Link to="/claim">{t("exclusive.claim")}</Link>
            </Button>
          </CardContent>
        </Card>
      </PageShell>
    );
  }
  return (
    <PageShell title={t("exclusive.title")} intro={t("exclusive.intro")}>
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((item, i) => {
          const source =
            item.audience === "boonee" || item.audience === "welcome"
              ? item.audience === "welcome"
                ? `${t("exclusive.source.welcome")} · ${item.sourceName}`
                : item.sourceName
              : item.audience === "rarity"
                ? t("exclusive.source.rarity", { rarity: item.audienceRarity })
                : item.audience === "series"
                  ? t("exclusive.source.series", { series: item.audienceSeries })
                  : t("exclusive.source.all");
          // spec: an access button for every item with a url, except type text
          const showButton = !!item.url && item.contentType !== "text";
          return (
            <li key={`${item.audience}-${item.id}`} data-testid="exclusive-item">
              <Card className={i === 0 ? "h-full border-grape/50" : "h-full"}>
                <CardContent className="grid gap-3 pt-5">
                  <div className="flex flex-wrap items-center gap-2">
                    {i === 0 && <Badge variant="Legendary">{t("exclusive.new")}</Badge>}
                    <ContentTypeBadge type={item.contentType} />
                    <span className="text-sm font-semibold text-ink-soft">{source}</span>
                  </div>
                  <ExclusiveTexts
                    item={item}
                    titleAs="h2"
                    titleClassName="font-display text-xl font-bold"
                    textClassName="whitespace-pre-line text-ink-soft"
                  >
                    <p className="text-xs text-muted-foreground">{dates.dayTime(item.createdAt)}</p>
                  </ExclusiveTexts>
                  {(item.contentType === "video" || item.contentType === "image") && <ExclusiveMedia item={item} />}
                  {showButton && (
                    <Button asChild variant="outline" className="justify-self-start">
                      <a href={item.url!} target="_blank" rel="noopener noreferrer">
                        <ExternalLinkIcon /> {t("exclusive.open")}
                      </a>
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </PageShell>
  );
}
