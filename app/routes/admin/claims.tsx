import { BadgeCheckIcon, BanIcon, EyeIcon, EyeOffIcon } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useFetcher } from "react-router";

import { formFields, validate } from "#shared/forms.ts";
import type { Lang } from "#shared/i18n-config.ts";
import {
  pageParam,
  photoVisibilitySchema,
  rejectClaimSchema,
  storyVisibilitySchema,
  verifyClaimSchema,
} from "#shared/schemas/admin.ts";
import { decodeCursor } from "#server/db/paging.ts";
import { listClaims } from "#server/domain/claims/list-claims.ts";
import { rejectClaim } from "#server/domain/claims/reject-claim.ts";
import { verifyClaim } from "#server/domain/claims/verify-claim.ts";
import { setStoryHidden } from "#server/domain/stories/hide-story.ts";
import { listStories } from "#server/domain/stories/list-stories.ts";
import { setPhotoHidden } from "#server/domain/stories/story-photos.ts";
import { AdminPage, listHref, NumberedPager, Pager } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { CsvLink } from "~/components/admin/csv-link";
import { ReasonDialog } from "~/components/admin/reason-dialog";
import { stacked } from "~/components/admin/stacked-table";
import { WrittenText } from "~/components/content-text";
import { FetcherToast } from "~/components/fetcher-toast";
import { PersonName } from "~/components/person-name";
import { RarityBadge } from "~/components/rarity-badge";
import { SentenceWith } from "~/components/sentence-with";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useFetcherAnswer } from "~/components/use-fetcher-answer";
import { actorOf, getLang, getServices, requestForm, requirePage } from "~/guards.server";
import { CLAIM_STATES, claimFilters, exportHref } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/claims";
import { adminRefusal } from "./media.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.claims.metaTitle", "admin.claims.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const { db } = getServices(context);
  const actor = actorOf(viewer);
  const url = new URL(request.url);
  const { q, state } = claimFilters(url);
  const page = pageParam(url.searchParams.get("page"));
  if (url.searchParams.get("tab") === "stories") {
    return {
      tab: "stories" as const,
      q,
      state,
      isAdmin: viewer.role === "admin",
      me: viewer.id,
      stories: await listStories(db, actor, { q, page }),
      claims: null,
    };
  }
  const cursor =
    decodeCursor("after", url.searchParams.get("after")) ?? decodeCursor("before", url.searchParams.get("before"));
  return {
    tab: "claims" as const,
    q,
    state,
    isAdmin: viewer.role === "admin",
    me: viewer.id,
    claims: await listClaims(db, actor, { q, page, state, cursor }),
    stories: null,
  };
}

type Result =
  | { ok: true; intent: string; message?: string; params?: Record<string, string> }
  | { ok: false; intent: string; error: string };
const REJECT_FETCHER = "admin-claim-reject";
const HIDE_STORY_FETCHER = "admin-story-hide";

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const actor = actorOf(viewer, getLang(context));
  const fields = formFields(await requestForm(request));
  try {
    if (fields.intent === "verify") {
      const parsed = validate(verifyClaimSchema, fields);
      if (!parsed.ok)
        return data<Result>({ ok: false, intent: "verify", error: "admin.error.notFound" }, { status: 400 });
      await verifyClaim(services.db, actor, parsed.data);
      return data<Result>({ ok: true, intent: "verify" });
    }
    if (fields.intent === "reject") {
      const parsed = validate(rejectClaimSchema, fields);
      if (!parsed.ok) {
        const error = parsed.errors.reason ?? "admin.error.notFound";
        return data<Result>({ ok: false, intent: "reject", error }, { status: 400 });
      }
      const rejected = await rejectClaim(services.db, actor, parsed.data);
      return data<Result>({
        ok: true,
        intent: "reject",
        message: rejected.liveDrop ? "admin.claims.rejectedInDrop" : "admin.claims.rejectedToast",
        params: { name: rejected.name, drop: rejected.liveDrop?.title ?? "" },
      });
    }
    if (fields.intent === "story") {
      const parsed = validate(storyVisibilitySchema, fields);
      if (!parsed.ok)
        return data<Result>({ ok: false, intent: "story", error: "admin.error.notFound" }, { status: 400 });
      const row = await setStoryHidden(services.db, actor, parsed.data);
      return data<Result>({
        ok: true,
        intent: row.hidden ? "hide" : "unhide",
        ...(row.hidden ? { message: "admin.stories.hiddenToast" } : {}),
      });
    }
    if (fields.intent === "photo") {
      const parsed = validate(photoVisibilitySchema, fields);
      if (!parsed.ok)
        return data<Result>({ ok: false, intent: "photo", error: "admin.error.notFound" }, { status: 400 });
      const row = await setPhotoHidden(services.db, actor, parsed.data);
      return data<Result>({
        ok: true,
        intent: "photo",
        message: row.hidden ? "admin.stories.photoHiddenToast" : "admin.stories.photoShownToast",
      });
    }
    return data<Result>({ ok: false, intent: "unknown", error: "admin.error.unexpected" }, { status: 400 });
  } catch (e) {
    const r = adminRefusal(
      e,
      {
        notFound: "admin.error.notFound",
        ownClaim: "admin.error.ownClaim",
        ownStory: "admin.error.ownStory",
        notPending: "admin.error.notPending",
        reasonRequired: "admin.error.reasonRequired",
      },
      "admin.error.unexpected",
      { log: services.log, request },
    );
    return data<Result>({ ok: false, intent: String(fields.intent), error: r.error }, { status: r.status });
  }
}

export default function Claims({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const d = loaderData;
  const tabClass = (active: boolean) =>
    cn(
      "inline-flex h-10 items-center rounded-full px-4 text-sm font-bold transition-colors",
      active ? "bg-ink text-white" : "bg-white text-ink hover:bg-paper-deep border-2 border-ink/10",
    );
  return (
    <AdminPage
      title={t("admin.claims.title")}
      intro={d.tab === "claims" ? t("admin.claims.intro") : t("admin.stories.intro")}
    >
      <nav aria-label={t("admin.claims.tabs")} className="mb-5 flex gap-2">
        <Link
          to="/admin/claims"
          className={tabClass(d.tab === "claims")}
          aria-current={d.tab === "claims" ? "page" : undefined}
        >
          {t("admin.claims.tabClaims")}
        </Link>
        <Link
          to="/admin/claims?tab=stories"
          className={tabClass(d.tab === "stories")}
          aria-current={d.tab === "stories" ? "page" : undefined}
        >
          {t("admin.claims.tabStories")}
        </Link>
      </nav>
      <FetcherToast fetcherKey={REJECT_FETCHER} />
      <FetcherToast fetcherKey={HIDE_STORY_FETCHER} />
      {d.claims && <ClaimsTable claims={d.claims} q={d.q} state={d.state} isAdmin={d.isAdmin} me={d.me ?? ""} />}
      {d.stories && <StoriesList stories={d.stories} q={d.q} isAdmin={d.isAdmin} me={d.me} />}
    </AdminPage>
  );
}

type ClaimsData = NonNullable<Route.ComponentProps["loaderData"]["claims"]>;
type StoriesData = NonNullable<Route.ComponentProps["loaderData"]["stories"]>;

function SearchForm({
  q,
  tab,
  state,
  placeholder,
}: {
  q: string;
  tab: "claims" | "stories";
  state?: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <AdminSearchForm
      id={`${tab}-search`}
      label={t("admin.claims.search")}
      placeholder={placeholder}
      q={q}
      formKey={`${tab}|${q}|${state}`}
      button={t("admin.boonees.searchButton")}
      className="mb-4"
      filter={
        tab === "claims"
          ? {
              id: "claims-state",
              name: "state",
              label: t("admin.claims.col.status"),
              value: state,
              width: "sm:w-48",
              options: CLAIM_STATES.map((s) => ({ value: s, label: t(`admin.claims.state.${s}`) })),
            }
          : undefined
      }
    >
      {tab === "stories" && <input type="hidden" name="tab" value="stories" />}
    </AdminSearchForm>
  );
}

function ClaimsTable({
  claims,
  q,
  state,
  isAdmin,
  me,
}: {
  claims: ClaimsData;
  q: string;
  state: string;
  isAdmin: boolean;
  me: string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const filters = { q, state: state === "all" ? null : state };
  const prevHref = claims.prev
    ? listHref("/admin/claims", { ...filters, before: claims.prev, page: claims.page - 1 })
    : null;
  const nextHref = claims.next
    ? listHref("/admin/claims", { ...filters, after: claims.next, page: claims.page + 1 })
    : null;
  return (
    <>
      <SearchForm
        q={q}
        tab="claims"
        state={state}
        placeholder={isAdmin ? t("admin.claims.searchPlaceholder") : t("admin.claims.searchPlaceholderModerator")}
      />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-muted-foreground" aria-live="polite">
          {t("admin.claims.count", { count: claims.total })}
        </p>
        <CsvLink href={exportHref("/admin/claims.csv", { q, state })} label={t("admin.csv.downloadClaims")} />
      </div>
      {claims.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">
          {t("admin.claims.empty")}
        </p>
      ) : (
        <div className="rounded-2xl border-2 border-ink/10 bg-white max-md:border-0 max-md:bg-transparent">
          <Table data-testid="claims-table" className={stacked.table}>
            <TableHeader className={stacked.head}>
              <TableRow>
                <TableHead>{t("admin.claims.col.boonee")}</TableHead>
                <TableHead>{t("admin.claims.col.series")}</TableHead>
                <TableHead>{t("admin.claims.col.rarity")}</TableHead>
                <TableHead>{t("admin.claims.col.claimedBy")}</TableHead>
                <TableHead>{t("admin.claims.col.email")}</TableHead>
                <TableHead>{t("admin.claims.col.date")}</TableHead>
                <TableHead>{t("admin.claims.col.status")}</TableHead>
                <TableHead>
                  <span className="sr-only">{t("admin.claims.col.actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={stacked.body}>
              {claims.items.map((c) => (
                <TableRow key={c.id} data-testid="claim-row" className={stacked.row}>
                  <TableCell className={`font-bold ${stacked.cell}`}>
                    <Link to={`/boonee/${c.figureId}`} className="hover:underline">
                      {c.name}
                    </Link>
                    <span className="block text-xs font-semibold text-muted-foreground">
                      {t("admin.boonees.number", { number: c.number })}
                      {c.code && <span className="font-mono"> · {c.code}</span>}
                    </span>
                  </TableCell>
                  <TableCell
                    className={`${stacked.cell} ${stacked.labelled}`}
                    data-label={`${t("admin.claims.col.series")}:`}
                  >
                    {c.series ?? "—"}
                  </TableCell>
                  <TableCell className={stacked.cell}>
                    <RarityBadge rarity={c.rarity} />
                  </TableCell>
                  <TableCell
                    className={`${stacked.cell} ${stacked.labelled}`}
                    data-label={`${t("admin.claims.col.claimedBy")}:`}
                  >
                    {c.claimer ? <PersonName>{c.claimer}</PersonName> : t("common.anonymous")}
                  </TableCell>
                  <TableCell className={`max-w-56 truncate ${stacked.cell}`}>
                    {c.email ?? <span className="text-muted-foreground">{t("admin.claims.emailHidden")}</span>}
                  </TableCell>
                  <TableCell className={`whitespace-nowrap tabular-nums ${stacked.cell}`}>
                    {dates.table(c.claimedAt)}
                  </TableCell>
                  <TableCell className={stacked.cell}>
                    <ClaimStatus status={c.status} reason={c.reason} reasonLang={c.reasonLang} />
                  </TableCell>
                  <TableCell className={`text-right max-md:text-left ${stacked.cell}`}>
                    {c.status === "pending" && (isAdmin || c.userId !== me) && (
                      <div className="flex flex-wrap justify-end gap-2 max-md:justify-start">
                        <VerifyButton claimId={c.id} name={c.name} />
                        <ReasonDialog
                          fields={{ intent: "reject", claimId: c.id }}
                          fetcherKey={REJECT_FETCHER}
                          label={t("admin.claims.reject")}
                          ariaLabel={t("admin.claims.rejectLabel", { name: c.name })}
                          icon={<BanIcon />}
                          title={t("admin.claims.rejectTitle", { name: c.name })}
                          intro={t("admin.claims.rejectIntro")}
                          reasonLabel={t("admin.claims.reason")}
                          submitLabel={t("admin.claims.reject")}
                        />
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pager page={claims.page} pageCount={claims.pageCount} prevHref={prevHref} nextHref={nextHref} />
    </>
  );
}

function ClaimStatus({
  status,
  reason,
  reasonLang,
}: {
  status: "pending" | "verified" | "rejected";
  reason: string | null;
  reasonLang: Lang | null;
}) {
  const { t } = useTranslation();
  if (status === "verified") return <Badge variant="success">{t("admin.claims.verified")}</Badge>;
  if (status === "pending") return <Badge variant="warning">{t("admin.claims.pending")}</Badge>;
  return (
    <div className="grid max-w-56 gap-1">
      <Badge variant="danger">{t("admin.claims.rejected")}</Badge>
      {reason && (
        <span className="text-xs text-muted-foreground">
          <SentenceWith i18nKey="admin.claims.reasonShown" slot="reason">
            <WrittenText text={reason} lang={reasonLang} />
          </SentenceWith>
        </span>
      )}
    </div>
  );
}

function VerifyButton({ claimId, name }: { claimId: string; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) =>
    answer.ok ? toast.success(t("admin.claims.verifiedToast", { name })) : toast.error(t(dataKey(answer.error))),
  );
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="claimId" value={claimId} />
      <Button type="submit" size="sm" disabled={busy} aria-label={t("admin.claims.verifyLabel", { name })}>
        <BadgeCheckIcon /> {busy ? t("admin.claims.verifying") : t("admin.claims.verify")}
      </Button>
    </fetcher.Form>
  );
}

function StoriesList({ stories, q, isAdmin, me }: { stories: StoriesData; q: string; isAdmin: boolean; me: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const hrefFor = (page: number) => listHref("/admin/claims", { tab: "stories", q, page: page > 1 ? page : null });
  return (
    <>
      <SearchForm q={q} tab="stories" placeholder={t("admin.stories.searchPlaceholder")} />
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

/** Hiding asks for a reason (its author is told); showing again is one click. */
function StoryToggle({ storyId, hidden, title }: { storyId: string; hidden: boolean; title: string }) {
  const { t } = useTranslation();
  if (!hidden)
    return (
      <ReasonDialog
        fields={{ intent: "story", storyId, hidden: "true" }}
        fetcherKey={HIDE_STORY_FETCHER}
        label={t("admin.stories.hide")}
        ariaLabel={t("admin.stories.hideLabel", { title })}
        icon={<EyeOffIcon />}
        title={t("admin.stories.hideTitle", { title })}
        intro={t("admin.stories.hideIntro")}
        reasonLabel={t("admin.stories.reason")}
        submitLabel={t("admin.stories.hide")}
      />
    );
  return <ShowStoryButton storyId={storyId} title={title} />;
}

function ShowStoryButton({ storyId, title }: { storyId: string; title: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(t("admin.stories.shownToast"));
    else toast.error(t(dataKey(fetcher.data.error)));
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="story" />
      <input type="hidden" name="storyId" value={storyId} />
      <input type="hidden" name="hidden" value="false" />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={t("admin.stories.showLabel", { title })}
      >
        <EyeIcon /> {t("admin.stories.show")}
      </Button>
    </fetcher.Form>
  );
}

/**
 * A story's photos for moderation, hidden ones too (dimmed, marked); each with its open reports and a
 * Hide / Show button (a fetcher form that is a plain POST without JavaScript). Hiding or showing marks
 * its reports reviewed. A moderator's own story: no buttons (the server refuses them too).
 */
function StoryPhotos({
  photos,
  title,
  canModerate,
}: {
  photos: StoriesData["items"][number]["photos"];
  title: string;
  canModerate: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-xl bg-paper-deep/50 p-3">
      <h3 className="mb-2 text-xs font-bold tracking-wide text-muted-foreground uppercase">
        {t("admin.stories.photos")}
      </h3>
      <ul className="flex flex-wrap gap-3" data-testid="story-photos-admin">
        {photos.map((p, i) => (
          <li key={p.id} className="grid w-28 content-start gap-1.5" data-testid="admin-photo">
            <a href={p.url} className="relative block overflow-hidden rounded-xl border-2 border-ink/10">
              <img
                src={p.url.replace(/\.webp$/, "-card.webp")}
                alt={t("admin.stories.photoAlt", { title, number: i + 1 })}
                loading="lazy"
                className={cn("aspect-square w-full object-cover", p.hidden && "opacity-40 grayscale")}
              />
            </a>
            <div className="flex min-h-5 flex-wrap gap-1">
              {p.hidden && <Badge variant="danger">{t("admin.stories.photoHidden")}</Badge>}
              {p.openReports > 0 && (
                <Badge variant="warning">{t("admin.stories.reported", { count: p.openReports })}</Badge>
              )}
            </div>
            {canModerate && <PhotoToggle photoId={p.id} hidden={p.hidden} number={i + 1} title={title} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PhotoToggle({
  photoId,
  hidden,
  number,
  title,
}: {
  photoId: string;
  hidden: boolean;
  number: number;
  title: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) =>
    answer.ok ? toast.success(t(dataKey(answer.message ?? ""))) : toast.error(t(dataKey(answer.error))),
  );
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="photo" />
      <input type="hidden" name="photoId" value={photoId} />
      <input type="hidden" name="hidden" value={hidden ? "false" : "true"} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        className="w-full px-2"
        aria-label={t(hidden ? "admin.stories.showPhotoLabel" : "admin.stories.hidePhotoLabel", { number, title })}
      >
        {hidden ? <EyeIcon /> : <EyeOffIcon />} {t(hidden ? "admin.stories.showPhoto" : "admin.stories.hidePhoto")}
      </Button>
    </fetcher.Form>
  );
}
