import { useTranslation } from "~/lib/use-translation";
import { useDates } from "~/lib/use-dates";
import { StoryPhoto } from "./story-photo";

export interface FinderStory {
  id: string;
  title: string;
  story: string;
  /** The language its finder wrote it in (de or en). */
  lang: string;
  findLocation: string | null;
  findDate: string | null;
  createdAt: Date | string;
  /** Written by the viewer: they may edit and delete it. */
  mine?: boolean;
  /** The finder's photos (re-encoded, without EXIF), hidden ones left out. */
  photos?: string[];
}

/**
 * The finder stories, newest first, for everyone who views the figure. Everything is rendered as
 * text (React escapes it): a story containing markup shows the markup, it never runs.
 */
export function FinderStories({
  stories,
  isOwner,
  children,
  ownActions,
}: {
  stories: FinderStory[];
  isOwner: boolean;
  children?: React.ReactNode;
  /** The author's controls under their own story. */
  ownActions?: (story: FinderStory) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="stories-title" id="stories" data-testid="finder-stories">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="stories-title" className="font-display text-2xl font-bold">
            {t("story.title")}
          </h2>
          <p className="text-sm text-ink-soft">{t("story.intro")}</p>
        </div>
        {children}
      </div>
      {stories.length === 0 ? (
        <p className="mt-4 rounded-2xl border-2 border-dashed border-ink/15 p-5 text-center text-ink-soft">
          {isOwner ? t("story.emptyOwner") : t("story.empty")}
        </p>
      ) : (
        <ol className="mt-4 grid grid-cols-1 gap-4">
          {stories.map((s) => (
            <li key={s.id}>
              <article
                className="rounded-2xl border-2 border-ink/10 bg-white p-5 shadow-[0_4px_0_0_rgba(35,21,63,0.08)]"
                data-testid="finder-story"
              >
                {/* in the language its finder wrote it in, never translated */}
                <h3 lang={s.lang} className="font-display text-xl font-bold wrap-anywhere">
                  {s.title}
                </h3>
                <p lang={s.lang} className="mt-2 whitespace-pre-line wrap-anywhere">
                  {s.story}
                </p>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft wrap-anywhere">
                  {s.findLocation && <span>{t("story.foundAt", { location: s.findLocation })}</span>}
                  {s.findDate && <span>{t("story.foundOn", { date: dates.calendarDay(s.findDate) })}</span>}
                  <span>{t("story.writtenOn", { date: dates.day(s.createdAt) })}</span>
                </p>
                {s.photos && s.photos.length > 0 && (
                  <ul className="mt-3 grid grid-cols-3 gap-2" data-testid="story-photos">
                    {s.photos.map((url, i) => (
                      <li key={url}>
                        <a href={url} className="block overflow-hidden rounded-xl border-2 border-ink/10">
                          <StoryPhoto url={url} title={s.title} number={i + 1} className="aspect-square w-full object-cover" />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                {s.mine && ownActions?.(s)}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
