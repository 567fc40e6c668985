import { Link } from "react-router";

import { durationText } from "#shared/duration-text.ts";
import type { LifeEvent } from "#shared/life-event.ts";
import { TextWithName } from "~/components/person-name";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import { StoryPhoto } from "./story-photo";

/** The figure's biography, oldest first, in the reader's language and the site's time zone. */
export function FigureLife({ events }: { events: LifeEvent[] }) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  if (events.length === 0) return null;
  const text = (e: LifeEvent) => {
    switch (e.kind) {
      case "created":
        return t("life.event.created");
      case "dropped":
        return (
          <>
            {t("life.event.dropped")}{" "}
            <Link to={`/drops/${e.dropId}`} className="font-bold text-grape hover:underline">
              {i18n.language === "en" ? e.title.en : e.title.de}
            </Link>
          </>
        );
      case "found": {
        const name = e.finder ?? t("common.anonymous");
        return e.afterMinutes === null ? (
          <TextWithName i18nKey="life.event.found" name={name} />
        ) : (
          <TextWithName
            i18nKey="life.event.foundAfter"
            name={name}
            values={{ after: durationText(e.afterMinutes, t) }}
          />
        );
      }
      case "verified":
        return t("life.event.verified");
      case "story":
        return t("life.event.story", { title: e.title });
      case "marked":
        return t(`life.event.marked.${e.issue}`);
      case "resolved":
        return t(`life.event.resolved.${e.outcome}`, { count: e.reports });
    }
  };
  return (
    <section aria-labelledby="life-title" data-testid="figure-life">
      <h2 id="life-title" className="font-display text-2xl font-bold">
        {t("life.title")}
      </h2>
      <ol className="mt-3 grid gap-3 border-l-2 border-grape/25 pl-4">
        {events.map((e, i) => (
          <li key={`${e.kind}-${e.at}-${i}`} className="relative" data-testid={`life-${e.kind}`}>
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.35rem] size-2.5 rounded-full bg-grape" />
            <time dateTime={e.at} className="block text-xs font-semibold text-ink-soft">
              {dates.dayTime(e.at)}
            </time>
            <span className="wrap-anywhere">{text(e)}</span>
            {e.kind === "story" && e.photos.length > 0 && (
              <span className="mt-1 flex gap-2">
                {e.photos.map((url, n) => (
                  <StoryPhoto
                    key={url}
                    url={url}
                    title={e.title}
                    number={n + 1}
                    className="size-14 rounded-lg border-2 border-ink/10 object-cover"
                  />
                ))}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
