import { TextWithName } from "~/components/person-name";
import { useTranslation } from "~/lib/use-translation";
import { data, Link, redirect, useParams } from "react-router";
import { StatusPill } from "~/components/figure/figure-header";
import { ClaimFigureLayout } from "~/components/claim/claim-figure-layout";
import { ClaimPanel, type ClaimAnswerExtra, type ClaimRefused } from "~/components/claim/claim-panel";
import { claimIntents } from "~/claim-account.server";
import { intentAction } from "~/intents.server";
import { DomainError } from "#server/domain/errors.ts";
import { CodeForm } from "~/components/claim/code-form";
import { HYDRATE_ON_DEMAND } from "~/components/deferred-scripts";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { claimHandoff, forgetLookup, lookupCode } from "~/claim.server";
import { isClaimable, storedClaimRedirect } from "~/claim-redirect.server";
import { claimRedirectCookie, getViewer } from "~/guards.server";
import { CODE_MAX, normalizeCode } from "#shared/claim-code-rule.ts";
import { availabilityOf } from "#shared/figure-status.ts";
import { claimedPath, claimPath } from "#shared/claim-paths.ts";
import { langOf, tMeta } from "~/lib/meta";
import { ContentText, useInLanguage } from "~/components/content-text";
import { textIn } from "#shared/content-language.ts";
import type { RootData } from "#server/root-data.ts";
import { claimFigure } from "#server/domain/claims/claim-figure.ts";
import { rereadFigure } from "#server/domain/codes/find-figure-by-code.ts";
import type { Route } from "./+types/claim-code";

// A first visit (an NFC tap, often on a weak connection) gets the server HTML without React; see deferred-scripts.
export const handle = HYDRATE_ON_DEMAND;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const result = await lookupCode(context, request, params.secretCode);
  const signedIn = !!getViewer(context);
  if (result.status === "invalid") {
    return data({ state: "invalid" as const, error: result.error, params: result.params ?? {}, challenge: result.challenge, signedIn }, { status: result.httpStatus });
  }
  const { figure } = result;
  const view = { state: "found" as const, figure: figure.details, availability: availabilityOf(figure.details), owner: figure.owner, mine: figure.ownedByViewer, needsTap: figure.needsTap, signedIn };
  // A stored claim redirect to a figure that is no longer claimable is of no use to anyone.
  const stale = !isClaimable(figure) && storedClaimRedirect(request) === claimPath(normalizeCode(params.secretCode));
  return data(view, stale ? { headers: { "set-cookie": claimRedirectCookie(context, "") } } : undefined);
}


/**
 * Claims (signed in) or signs up and claims (the intent table of app/claim-account.server.ts). A success
 * answers with a redirect to the success page (Post/Redirect/Get: a reload or Back never posts again), and
 * renders nothing here. A POST that is no claim form (no body, an empty form) claims nothing and counts no
 * code: the server's fast path hands such a request here unchanged, so both answer the same 400.
 */
export const action = intentAction<ClaimAnswerExtra, ClaimRefused>(
  claimIntents({
    find: async ({ context, request, params }) => {
      const lookup = await lookupCode(context, request, params.secretCode ?? "");
      if (lookup.status === "invalid") throw new DomainError(lookup.error, lookup.httpStatus, lookup.params);
      return lookup.figure;
    },
    availability: (figure) => availabilityOf(figure.details),
    claim: async (figure, actor, { services, context, params, headers }) => {
      const raw = params.secretCode ?? "";
      // the server's fast path (signed in) tried the claim already and hands its answer over to be shown
      const result =
        claimHandoff(context, raw)?.result ??
        (await claimFigure(services.db, actor, { p_user_id: actor.id, p_tag_id: figure.tagId, p_boonee_id: figure.details.id }));
      services.metrics.claim(result);
      headers.append("set-cookie", claimRedirectCookie(context, ""));
      if (result.success) return redirect(claimedPath(result.figureId), { status: 303, headers });
      // a second submit of the finder's own claim (two taps, two tabs): the page says "yours"
      if (result.mine) return redirect(claimPath(normalizeCode(raw)), { status: 303, headers });
      // someone else was faster: the page shows who owns it now, read again without counting the code twice
      const fresh = await rereadFigure(services.db, figure.tagId, actor.id);
      forgetLookup(context, raw, fresh ? { status: "found", figure: fresh } : undefined);
      throw new DomainError(result.error, 409);
    },
  }),
  // a POST that is no claim form claims nothing and looks nothing up, not even for the page (decision 043)
  { access: "public", unknownThrows: true },
);

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const robots = { name: "robots", content: "noindex" };
  if (!loaderData || loaderData.state !== "found") return [{ title: `${tMeta(matches, "claim.metaTitle")} · Boonees` }, robots];
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const base = root?.settings.publicUrl ?? "";
  const { figure } = loaderData;
  const title = tMeta(matches, "claim.metaFigureTitle", { name: figure.name });
  // a line of the figure's story (its first paragraph, cut at 160 characters); never the code
  const story = textIn(figure.description, figure.descriptionEn, langOf(matches))
    .split(/\n/).find((line) => line.trim())?.replace(/\s+/g, " ").trim();
  const description = story ? clip(story, 160) : tMeta(matches, "claim.metaDescription");
  const image = figure.imageUrl && !figure.imageUrl.endsWith(".svg") ? figure.imageUrl : "/images/og-boonees.png";
  return [
    { title: `${title} · Boonees` },
    { name: "description", content: description },
    robots,
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: /^https?:/.test(image) ? image : `${base}${image}` },
    { property: "og:url", content: `${base}/boonee/${figure.id}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

/** The first lines of the figure's story, in the page's language (German marked when English is missing). */
function FigureStoryLine({ figure }: { figure: { description: string | null; descriptionEn: string | null } }) {
  const story = useInLanguage()(figure.description, figure.descriptionEn);
  return story && <ContentText as="p" value={story} className="line-clamp-4 text-ink-soft" />;
}

export default function ClaimCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A broken link says which code it carried (the link's own text, never another figure's).
  const { secretCode = "" } = useParams();

  if (loaderData.state === "invalid") {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="font-display text-3xl font-extrabold">{t("claim.title")}</h1>
        <p className="mt-2 text-ink-soft" data-testid="failed-code">
          {t("claim.failedCode")} <strong className="font-display tracking-wider break-all">{clip(normalizeCode(secretCode), 40)}</strong>
        </p>
        <Card className="mt-4">
          <CardContent className="pt-5">
            <CodeForm error={loaderData.error} params={loaderData.params} challenge={loaderData.challenge} defaultValue={normalizeCode(secretCode).slice(0, CODE_MAX)} />
          </CardContent>
        </Card>
        {/* this page is the tag's own link: while locked, scanning the tag again leads right back here */}
        {!loaderData.challenge && (
          <p className="mt-4 text-center text-sm">
            <Link to="/claim" className="font-semibold text-grape hover:underline">
              {t("claim.scanInstead")}
            </Link>
          </p>
        )}
      </div>
    );
  }

  const { figure, availability, owner, mine, signedIn } = loaderData;
  return (
    <ClaimFigureLayout figure={figure} title={figure.name} badge={<StatusPill availability={availability} />}>
      <FigureStoryLine figure={figure} />
      {mine ? (
        <YoursPanel figureId={figure.id} />
      ) : availability === "claimed" ? (
        <Card>
          <CardContent className="grid gap-3 pt-5">
            <h2 className="font-display text-2xl font-bold">{t("claim.alreadyClaimedTitle")}</h2>
            <p data-testid="already-claimed">
              <TextWithName i18nKey="claim.alreadyClaimedBy" name={owner ? (owner.name ?? t("common.anonymous")) : t("common.someoneElse")} />
            </p>
            <Button asChild variant="slime">
              <Link to={`/boonee/${figure.id}`}>{t("claim.toThisFigure", { name: figure.name })}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/boonees">{t("claim.toGallery")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : availability === "noLongerClaimable" || loaderData.needsTap ? (
        <Card>
          <CardContent className="grid gap-3 pt-5">
            <FormError error={loaderData.needsTap && availability !== "noLongerClaimable" ? "claim.error.needsTap" : "claim.error.notClaimable"} />
            <Button asChild variant="outline">
              <Link to="/boonees">{t("claim.toGallery")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ClaimPanel signedIn={signedIn} name={figure.name} answer={actionData} loginHref={`/auth?redirect=${encodeURIComponent(claimPath(normalizeCode(secretCode)))}`} />
      )}
    </ClaimFigureLayout>
  );
}

/** The owner opened their own figure's claim link (to show a friend, or typed its code). */
function YoursPanel({ figureId }: { figureId: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5" data-testid="yours">
        <h2 className="font-display text-2xl font-bold">{t("claim.yoursTitle")}</h2>
        <p>{t("claim.yoursText")}</p>
        <Button asChild variant="slime">
          <Link to={`/boonee/${figureId}`}>{t("claim.toFigure")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/profile">{t("claim.toProfile")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
