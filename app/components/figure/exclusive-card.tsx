import { SparklesIcon } from "lucide-react";

import { ContentTypeBadge, ExclusiveMedia, ExclusiveTexts, type ExclusiveItemData } from "~/components/exclusive-item";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

export type ExclusiveEntry = ExclusiveItemData & { createdAt: Date | string };

/** The owner's card: the figure's welcome video and the exclusive items, each rendered by its type. */
export function ExclusiveCard({
  welcomeVideoUrl,
  items,
  figureName,
}: {
  welcomeVideoUrl: string | null;
  items: ExclusiveEntry[];
  figureName: string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section
      aria-labelledby="exclusive-title"
      className="rounded-2xl border-2 border-gold/40 bg-gold-light/40 p-5"
      data-testid="exclusive-card"
    >
      <h2 id="exclusive-title" className="flex items-center gap-2 font-display text-2xl font-bold">
        <SparklesIcon aria-hidden="true" className="size-6 text-gold" />
        {t("figure.exclusive.title")}
      </h2>
      <p className="text-sm text-ink-soft">{t("figure.exclusive.intro")}</p>
      {welcomeVideoUrl && (
        <figure className="mt-4">
          {/* oxlint-disable-next-line jsx-a11y/media-has-caption -- uploaded welcome videos come without a caption track */}
          <video
            src={welcomeVideoUrl}
            controls
            playsInline
            preload="metadata"
            className="aspect-video w-full rounded-xl bg-ink"
            aria-label={`${t("figure.exclusive.welcomeVideo")}: ${figureName}`}
            data-testid="welcome-video"
          />
          <figcaption className="mt-1 text-sm font-semibold">{t("figure.exclusive.welcomeVideo")}</figcaption>
        </figure>
      )}
      {items.length === 0 && !welcomeVideoUrl ? (
        <p className="mt-4 text-ink-soft">{t("figure.exclusive.empty")}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl bg-white p-4" data-testid="exclusive-item">
              <div className="flex flex-wrap items-center gap-2">
                <ContentTypeBadge type={item.contentType} />
                <time className="text-xs text-muted-foreground" dateTime={new Date(item.createdAt).toISOString()}>
                  {dates.dayTime(item.createdAt)}
                </time>
              </div>
              <ExclusiveTexts
                item={item}
                titleAs="h3"
                titleClassName="mt-2 font-display text-lg font-bold wrap-anywhere"
                textClassName="mt-1 whitespace-pre-line wrap-anywhere text-ink-soft"
              />
              <div className="mt-3">
                <ExclusiveMedia item={item} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
