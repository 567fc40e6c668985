import { TextWithName } from "~/components/person-name";
import { ArrowLeftIcon, PartyPopperIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { data, Link, redirect, useLocation, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { RootData } from "#server/root-data.ts";
import { cityName } from "~/lib/city-name";
import { CityZone } from "~/lib/use-dates";
import { AddStoryButton } from "~/components/figure/add-story-button";
import { Characteristics } from "~/components/figure/characteristics";
import { ClaimCta } from "~/components/figure/claim-cta";
import { ExclusiveCard } from "~/components/figure/exclusive-card";
import { FigureImage, FigureTitle } from "~/components/figure/figure-header";
import { FigureLife } from "~/components/figure/figure-life";
import { FinderStories } from "~/components/figure/finder-stories";
import { PHOTO_PARAM, PhotoViewer, type ViewerPhoto } from "~/components/figure/photo-viewer";
import { ShareButton } from "~/components/figure/share-button";
import { ReportForm } from "~/components/figure/report-form";
import { ReportNote } from "~/components/figure/report-note";
import { StoryPhotoForm } from "~/components/figure/story-photo-form";
import { OwnStoryActions, STORY_DELETE_FETCHER } from "~/components/figure/own-story-actions";
import { FetcherToast } from "~/components/fetcher-toast";
import { StoryPageForm } from "~/components/figure/story-page-form";
import { fontPreloads } from "~/components/landing/fonts";
import { actorOf, flashCookie, getServices, getViewer, type Flash } from "~/guards.server";
import { intent, intentAction, type IntentContext } from "~/intents.server";
import { langOf, shareCardMeta, tMeta } from "~/lib/meta";
import { ContentText, useInLanguage } from "~/components/content-text";
import { textIn } from "#shared/content-language.ts";
import { DomainError } from "#server/domain/errors.ts";
import { addStory } from "#server/domain/stories/add-story.ts";
import { deleteOwnStory, editOwnStory } from "#server/domain/stories/edit-own-story.ts";
import { getFigureDetail } from "#server/domain/figures/public-figure.ts";
import { changeReport, reportFigure, withdrawReport } from "#server/domain/reports/report-figure.ts";
import { reportStoryPhoto } from "#server/domain/stories/report-story-photo.ts";
import type { Route } from "./+types/figure";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  try {
    return { ...(await getFigureDetail(getServices(context).db, viewer ? actorOf(viewer) : null, params.id)), signedIn: !!viewer };
  } catch (e) {
    if (e instanceof DomainError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}

/** Paging through finder photos (`?photo=`) changes nothing the loader reads: no new request for each photo. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutPhoto = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete(PHOTO_PARAM);
    return search.toString();
  };
  return withoutPhoto(currentUrl) === withoutPhoto(nextUrl) ? false : defaultShouldRevalidate;
};

const STORY_ERRORS: Record<string, string> = {
  unauthorized: "story.error.unauthorized",
  forbidden: "story.error.forbidden",
  notFound: "story.error.notFound",
};
/** Editing or deleting someone else's story is refused with its own text. */
const OWN_STORY_ERRORS: Record<string, string> = { ...STORY_ERRORS, forbidden: "story.error.notYours" };

/** A story's answer to its dialog; without JavaScript (`via=page`) the form was on the page: back to the figure. */
const storyRow = (errors: Record<string, string>, run: (ctx: IntentContext) => Promise<unknown>, message?: string) =>
  intent({
    errors,
    invalid: null,
    fallback: "story.error.saveFailed",
    unexpected: "story.error.saveFailed",
    run: async (fields, ctx) => {
      await run(ctx);
      if (fields.via === "page") return redirect(`/boonee/${ctx.params.id}#stories`, { status: 303, headers: { "set-cookie": flashCookie("story.success", "success") } });
      return message ? { message } : undefined;
    },
  });

const back = (figureId: string | undefined, anchor: string, key: string, kind: Flash["kind"]) =>
  redirect(`/boonee/${figureId}#${anchor}`, { status: 303, headers: { "set-cookie": flashCookie(key, kind) } });

/** A report is a plain form (it works before React starts): always answered with a redirect and a toast; signed out, to the sign-in. */
const reportRow = (run: (ctx: IntentContext) => Promise<unknown>, done: string) =>
  intent({
    errors: Object.fromEntries(["alreadyReported", "archived", "tooMany", "notFound", "noOpenReport"].map((code) => [code, `life.error.${code}`])),
    fallback: "life.error.failed",
    unexpected: "life.error.failed",
    refused: (failure, { params }) => {
      if (failure.status === 401) return redirect(`/auth?redirect=/boonee/${params.id}`);
      const field = failure.fieldErrors && Object.values(failure.fieldErrors)[0];
      return back(params.id, "report", field ?? failure.error ?? "life.error.failed", "error");
    },
    run: async (_, ctx) => {
      await run(ctx);
      return back(ctx.params.id, "report", done, "success");
    },
  });

/**
 * The figure page's actions. A finder story: added by the figure's owner (401 signed out, 403 anyone
 * else), edited or deleted by its author. A report of the figure (new, changed, withdrawn by its
 * author) and of one finder photo ("already reported" for a second one; 404 unknown, hidden or another
 * figure's photo, 403 one's own, 429) come back as a redirect with a toast.
 */
export const action = intentAction(
  {
    addStory: storyRow(STORY_ERRORS, ({ services, actor, params, fields }) => addStory(services.db, actor(), { figureId: params.id ?? "", fields })),
    editStory: storyRow(OWN_STORY_ERRORS, ({ services, actor, fields }) => editOwnStory(services.db, actor(), { storyId: fields.storyId ?? "", fields })),
    deleteStory: storyRow(OWN_STORY_ERRORS, ({ services, actor, fields }) => deleteOwnStory(services.db, services.storage, actor(), { storyId: fields.storyId ?? "" }), "story.deleted"),
    report: reportRow(({ services, actor, params, fields }) => reportFigure(services.db, actor(), { figureId: params.id ?? "", fields }), "life.report.thanks"),
    changeReport: reportRow(({ services, actor, params, fields }) => changeReport(services.db, actor(), { figureId: params.id ?? "", fields }), "life.report.changed"),
    withdrawReport: reportRow(({ services, actor, params }) => withdrawReport(services.db, actor(), { figureId: params.id ?? "" }), "life.report.withdrawn"),
    reportPhoto: intent({
      errors: Object.fromEntries(["notFound", "ownPhoto", "tooMany"].map((code) => [code, `story.photoReport.error.${code}`])),
      fallback: "story.photoReport.error.failed",
      unexpected: "story.photoReport.error.failed",
      refused: (failure, { params }) => back(params.id, "stories", failure.error ?? "story.photoReport.error.failed", "error"),
      run: async (fields, { services, actor, params }) => {
        const { already } = await reportStoryPhoto(services.db, actor(), { figureId: params.id ?? "", fields });
        return back(params.id, "stories", already ? "story.photoReport.already" : "story.photoReport.thanks", "success");
      },
    }),
  },
  { access: "public", defaultIntent: "addStory", logMessage: "a figure page action failed" },
);

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `${tMeta(matches, "errors.notFound")} · Boonees` }];
  const { figure } = loaderData;
  const story = textIn(figure.description, figure.descriptionEn, langOf(matches));
  const description = story
    ? clip(story.replace(/\s+/g, " ").trim(), 160)
    : tMeta(matches, figure.series ? "figure.metaDescription" : "figure.metaDescriptionNoSeries", { name: figure.name, series: figure.series ?? "" });
  return [
    { title: `${figure.name} · Boonees` },
    { name: "description", content: description },
    ...shareCardMeta(matches, { kind: "boonee", id: figure.id, path: `/boonee/${figure.id}`, title: `${figure.name} · Boonees`, description }),
  ];
};

function FigureStory({ figure }: { figure: { description: string | null; descriptionEn: string | null } }) {
  const { t } = useTranslation();
  const story = useInLanguage()(figure.description, figure.descriptionEn);
  const className = "mt-2 text-lg whitespace-pre-line wrap-anywhere text-ink-soft";
  return story ? <ContentText as="p" value={story} className={className} data-testid="figure-story" /> : <p className={className}>{t("figure.noStory")}</p>;
}

export default function FigurePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { city, figure, claimed, availability, ownerName, isOwner, welcomeVideoUrl, exclusive, stories, reportedIssue, reportCounts, myReport, life, signedIn } = loaderData;
  const postTo = `/boonee/${figure.id}`;
  // opened from the collection (a card there carries this): back leads there
  const fromCollection = (location.state as { from?: string } | null)?.from === "collection";
  const pageForm = isOwner && (new URLSearchParams(location.search).get("story") === "new" || (actionData && !actionData.ok));
  // every finder photo on the page, in the order shown, for the viewer's previous / next
  const siteZone = useRouteLoaderData<RootData>("root")?.settings.timeZone;
  const photos: ViewerPhoto[] = stories.flatMap((s) => (s.photos ?? []).map((p, i) => ({ id: p.id, url: p.url, title: s.title, lang: s.lang, number: i + 1 })));
  return (
    // every date of the figure (its finds, stories, life) in its city's time (decision 053)
    <CityZone.Provider value={city.timeZone}>
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={fromCollection ? "/profile" : "/boonees"} className="inline-flex items-center gap-1 rounded-full text-sm font-bold text-grape hover:underline">
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> {t(fromCollection ? "figure.backToCollection" : "figure.backToGallery")}
        </Link>
        {figure.status !== "Draft" && figure.status !== "Hidden" && <ShareButton path={`/boonee/${figure.id}`} name={figure.name} />}
      </div>
      <PhotoViewer photos={photos} />
      {(figure.status === "Draft" || figure.status === "Hidden") && (
        <p role="note" className="mt-4 rounded-xl bg-[#fff1c2] px-4 py-3 text-sm font-semibold text-[#7a4a00]">
          {t(isOwner ? "figure.notPublicOwner" : "figure.notPublic", { status: figure.status })}
        </p>
      )}
      {reportedIssue && (
        <div className="mt-4">
          <ReportNote issue={reportedIssue} counts={reportCounts} />
        </div>
      )}
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <div className="overflow-hidden rounded-3xl border-2 border-ink/10 shadow-[0_4px_0_0_rgba(35,21,63,0.08)]">
            <FigureImage src={figure.imageUrl} alt={figure.name} />
          </div>
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <FigureTitle name={figure.name} rarity={figure.rarity} series={figure.series} availability={availability} />
          <p className="text-sm font-semibold text-ink-soft" data-testid="figure-city">
            <Link to={`/${city.slug}`} className="hover:underline">
              {t("cities.page.cityOf", { city: cityName(city, i18n.language) })}
            </Link>
            {siteZone !== city.timeZone && <> · {t("cities.page.zoneNote", { city: cityName(city, i18n.language), zone: city.timeZone })}</>}
          </p>
          {isOwner ? (
            <p className="flex items-center gap-2 font-display text-lg font-bold text-[#1d6b3c]" data-testid="owner-note">
              <PartyPopperIcon aria-hidden="true" className="size-5" />
              {t("figure.youOwnIt")}
            </p>
          ) : (
            claimed && (
              <p className="font-semibold text-ink-soft" data-testid="owned-by">
                <TextWithName i18nKey="figure.ownedBy" name={ownerName ?? t("common.anonymous")} />
              </p>
            )
          )}
          <section aria-labelledby="story-heading">
            <h2 id="story-heading" className="font-display text-2xl font-bold">
              {t("figure.story")}
            </h2>
            <FigureStory figure={figure} />
          </section>
          <Characteristics data={figure} />
          {isOwner ? <ExclusiveCard welcomeVideoUrl={welcomeVideoUrl} items={exclusive} figureName={figure.name} /> : <ClaimCta availability={availability} />}
          {pageForm && <StoryPageForm action={postTo} error={actionData && !actionData.ok ? actionData.error : null} errors={actionData && !actionData.ok ? actionData.fieldErrors : undefined} />}
          <FetcherToast fetcherKey={STORY_DELETE_FETCHER} errors />
          <FinderStories stories={stories} isOwner={isOwner} reportAction={signedIn ? postTo : undefined} ownActions={(s) => (
              <>
                <OwnStoryActions action={postTo} story={s} />
                <StoryPhotoForm action={`${postTo}/photos`} storyId={s.id} count={s.photos?.length ?? 0} />
              </>
            )}>
            {isOwner && !pageForm && <AddStoryButton action={postTo} />}
          </FinderStories>
          <FigureLife events={life} />
          {figure.status !== "Archived" && <ReportForm action={postTo} signedIn={signedIn} myReport={myReport} />}
        </div>
      </div>
    </div>
    </CityZone.Provider>
  );
}
