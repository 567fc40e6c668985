import { TextWithName } from "~/components/person-name";
import { ArrowLeftIcon, PartyPopperIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { data, Link, redirect, useLocation, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { RootData } from "#server/root-data.ts";
import { cityName } from "~/lib/city-name";
import { CityZone } from "~/lib/use-dates";
import { AddStoryButton } from "~/components/figure/add-story-button";
import type { StoryActionData } from "~/components/figure/add-story-dialog";
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
import { actorOf, flashCookie, getServices, getViewer, refusal, requestForm, type Flash } from "~/guards.server";
import { formFields } from "#shared/forms.ts";
import { langOf, shareCardMeta, tMeta } from "~/lib/meta";
import { ContentText, useInLanguage } from "~/components/content-text";
import { textIn } from "#shared/content-language.ts";
import { DomainError } from "#server/domain/errors.ts";
import { addStory } from "#server/domain/stories/add-story.ts";
import { deleteOwnStory, editOwnStory } from "#server/domain/stories/edit-own-story.ts";
import { getFigureDetail } from "#server/domain/figures/public-figure.ts";
import { changeReport, reportFigure, withdrawReport } from "#server/domain/reports/report-figure.ts";
import { reportStoryPhoto } from "#server/domain/stories/report-story-photo.ts";
import { logError } from "#server/log-error.ts";
import type { Services } from "#server/services.ts";
import type { Viewer } from "#server/auth/viewer.ts";
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

/**
 * Adds a finder story: only the figure's owner (401 signed out, 403 anyone else, checked before the
 * form). With intent editStory / deleteStory: the author changes or deletes their own story.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const viewer = getViewer(context);
  if (!viewer) return data<StoryActionData>({ ok: false, error: "story.error.unauthorized", errors: {} }, { status: 401 });
  const fields = formFields(await requestForm(request));
  if (fields.intent === "report" || fields.intent === "changeReport" || fields.intent === "withdrawReport")
    return report(services, viewer, params.id, fields, request);
  if (fields.intent === "reportPhoto") return reportPhoto(services, viewer, params.id, fields, request);
  const own = fields.intent === "editStory" || fields.intent === "deleteStory";
  try {
    if (fields.intent === "editStory") await editOwnStory(services.db, actorOf(viewer), { storyId: fields.storyId ?? "", fields });
    else if (fields.intent === "deleteStory") await deleteOwnStory(services.db, services.storage, actorOf(viewer), { storyId: fields.storyId ?? "" });
    else await addStory(services.db, actorOf(viewer), { figureId: params.id, fields });
  } catch (e) {
    if (e instanceof DomainError && e.code === "invalid") return data<StoryActionData>({ ok: false, error: null, errors: (e.params ?? {}) as Record<string, string> }, { status: 400 });
    const r = refusal(e, {
      keys: own ? OWN_STORY_ERRORS : STORY_ERRORS,
      fallback: "story.error.saveFailed",
      unexpected: "story.error.saveFailed",
      report: { log: services.log, request, message: "saving a finder story failed" },
    });
    return data<StoryActionData>({ ok: false, error: r.error, errors: {} }, { status: r.status });
  }
  // Without JavaScript the form was on the page: go back to the figure (the story is in the list).
  if (fields.via === "page") throw redirect(`/boonee/${params.id}#stories`, { status: 303, headers: { "set-cookie": flashCookie("story.success", "success") } });
  return data<StoryActionData>({ ok: true, ...(fields.intent === "deleteStory" ? { message: "story.deleted" } : {}) });
}

const REPORT_ERRORS = new Set(["invalid", "alreadyReported", "archived", "tooMany", "notFound", "noOpenReport"]);

/**
 * A report is a plain form (it works before React starts): always answered with a redirect and a toast.
 * intent report: a new one; changeReport / withdrawReport: the author's own open report.
 */
async function report(services: Services, viewer: Viewer, figureId: string, fields: Record<string, string>, request: Request) {
  const back = (key: string, kind: Flash["kind"]) =>
    redirect(`/boonee/${figureId}#report`, { status: 303, headers: { "set-cookie": flashCookie(key, kind) } });
  try {
    if (fields.intent === "withdrawReport") {
      await withdrawReport(services.db, actorOf(viewer), { figureId });
      return back("life.report.withdrawn", "success");
    }
    if (fields.intent === "changeReport") {
      await changeReport(services.db, actorOf(viewer), { figureId, fields });
      return back("life.report.changed", "success");
    }
    await reportFigure(services.db, actorOf(viewer), { figureId, fields });
    return back("life.report.thanks", "success");
  } catch (e) {
    if (e instanceof DomainError && REPORT_ERRORS.has(e.code)) {
      const field = e.code === "invalid" ? Object.values(e.params ?? {})[0] : undefined;
      return back(typeof field === "string" ? field : `life.error.${e.code}`, "error");
    }
    if (e instanceof DomainError && e.status === 401) throw redirect(`/auth?redirect=/boonee/${figureId}`);
    logError(services.log, e, { request }, "reporting a figure failed");
    return back("life.error.failed", "error");
  }
}

const PHOTO_REPORT_ERRORS = new Set(["notFound", "ownPhoto", "tooMany"]);

/**
 * A report of one finder photo is a plain form too: answered with a redirect back to the stories and a
 * toast ("already reported" for a second one). Refusals (404 unknown, hidden or another figure's
 * photo; 403 one's own; 429) come back as an error toast.
 */
async function reportPhoto(services: Services, viewer: Viewer, figureId: string, fields: Record<string, string>, request: Request) {
  const back = (key: string, kind: Flash["kind"]) =>
    redirect(`/boonee/${figureId}#stories`, { status: 303, headers: { "set-cookie": flashCookie(key, kind) } });
  try {
    const { already } = await reportStoryPhoto(services.db, actorOf(viewer), { figureId, fields });
    return back(already ? "story.photoReport.already" : "story.photoReport.thanks", "success");
  } catch (e) {
    if (e instanceof DomainError && PHOTO_REPORT_ERRORS.has(e.code)) return back(`story.photoReport.error.${e.code}`, "error");
    logError(services.log, e, { request }, "reporting a finder photo failed");
    return back("story.photoReport.error.failed", "error");
  }
}

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
          {pageForm && <StoryPageForm action={postTo} error={actionData && !actionData.ok ? actionData.error : null} errors={actionData && !actionData.ok ? actionData.errors : undefined} />}
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
