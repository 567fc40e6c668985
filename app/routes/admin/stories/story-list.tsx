import { Link } from "react-router";

import { listHref, NumberedPager } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { PersonName } from "~/components/person-name";
import { Badge } from "~/components/ui/badge";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

import type { Route } from "../+types/stories";
import { StoryPhotos } from "./story-photos";
import { StoryToggle } from "./story-visibility";

/** The finder stories, searched, stories with reported photos first, with their photos. */
export function StoryList({ stories, q, isAdmin, me }: Route.ComponentProps["loaderData"]) {
  const { t } = useTranslation();
  const dates = useDates();
  const hrefFor = (page: number) => listHref("/admin/stories", { q, page: page > 1 ? page : null });
  return (
    <>
      <AdminSearchForm
        id="stories-search"
        label={t("admin.stories.search")}
        placeholder={t("admin.stories.searchPlaceholder")}
        q={q}
        formKey={`stories|${q}`}
        button={t("admin.boonees.searchButton")}
        className="mb-4"
      />
      {stories.items.some((s) => s.reported) && (
        <p className="mb-3 text-sm font-semibold text-muted-foreground">{t("admin.stories.reportedFirst")}</p>
      )}
      {stories.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">
          {t("admin.stories.empty")}
        </p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="stories-list">
          {stories.items.map((s) => (
            <li
              key={s.id}
              className={cn(
                "rounded-2xl border-2 border-ink/10 bg-white p-4",
                s.hidden && "border-dashed bg-paper-deep/50",
              )}
              data-testid="story-item"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 lang={s.lang} className="font-display text-lg font-bold">
                    {s.title}
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    <Link to={`/boonee/${s.figureId}`} className="font-bold text-grape hover:underline">
                      {s.figureName}
                    </Link>{" "}
                    · {s.author ? <PersonName>{s.author}</PersonName> : t("common.anonymous")} ·{" "}
                    {dates.day(s.createdAt)}
                  </p>
                </div>
                {s.hidden ? (
                  <Badge variant="danger">{t("admin.stories.hidden")}</Badge>
                ) : (
                  <Badge variant="success">{t("admin.stories.visible")}</Badge>
                )}
              </div>
              <p lang={s.lang} className="mt-2 line-clamp-4 text-sm whitespace-pre-line">
                {s.story}
              </p>
              {s.photos.length > 0 && (
                <StoryPhotos photos={s.photos} title={s.title} canModerate={isAdmin || s.authorId !== me} />
              )}
              <div className="mt-3">
                <StoryToggle storyId={s.id} hidden={s.hidden} title={s.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <NumberedPager page={stories.page} pageCount={stories.pageCount} hrefFor={hrefFor} />
    </>
  );
}
