import { FlagIcon } from "lucide-react";
import { Link } from "react-router";

import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import { PHOTO_PARAM, photoAnchor } from "./photo-viewer";
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
  /** The finder's photos (re-encoded, without EXIF), hidden ones left out; `reported` by the viewer. */
  photos?: { id: string; url: string; reported: boolean }[];
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
  reportAction,
}: {
  stories: FinderStory[];
  isOwner: boolean;
  children?: React.ReactNode;
  /** Signed in: where a photo of someone else's story is reported (the figure page's address). */
  reportAction?: string;
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
                    {s.photos.map((photo, i) => (
                      <li key={photo.id} className="grid content-start gap-1">
                        {/* opens the viewer (PhotoViewer): a link to ?photo=, so it works without JavaScript too */}
                        <Link
                          to={`?${PHOTO_PARAM}=${photo.id}`}
                          state={{ photoViewer: true }}
                          preventScrollReset
                          id={photoAnchor(photo.id)}
                          aria-haspopup="dialog"
                          className="block overflow-hidden rounded-xl border-2 border-ink/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-grape"
                        >
                          <StoryPhoto
                            url={photo.url}
                            title={s.title}
                            number={i + 1}
                            className="aspect-square w-full object-cover"
                          />
                        </Link>
                        {reportAction && !s.mine && (
                          <ReportPhoto action={reportAction} photo={photo} number={i + 1} title={s.title} />
                        )}
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

/**
 * "Report photo" under someone else's photo: a plain form (it works before the page's JavaScript
 * starts), answered with a redirect back and a toast. Once reported, a quiet note instead.
 */
function ReportPhoto({
  action,
  photo,
  number,
  title,
}: {
  action: string;
  photo: { id: string; reported: boolean };
  number: number;
  title: string;
}) {
  const { t } = useTranslation();
  if (photo.reported)
    return (
      <p
        className="flex min-h-8 items-center justify-center text-center text-xs text-ink-soft"
        data-testid="photo-reported"
      >
        {t("story.photoReport.reported")}
      </p>
    );
  return (
    <form method="post" action={action}>
      <input type="hidden" name="intent" value="reportPhoto" />
      <input type="hidden" name="photoId" value={photo.id} />
      <button
        type="submit"
        aria-label={t("story.photoReport.label", { number, title })}
        className="mx-auto flex min-h-8 cursor-pointer items-center gap-1 rounded-full px-1.5 text-xs font-bold whitespace-nowrap text-ink-soft hover:bg-paper-deep hover:text-[#b8441a] focus-visible:outline-3 focus-visible:outline-grape"
      >
        <FlagIcon aria-hidden="true" className="size-3 max-sm:hidden" />
        {t("story.photoReport.submit")}
      </button>
    </form>
  );
}
