import { TextWithName } from "~/components/person-name";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { ClaimFigureLayout } from "~/components/claim/claim-figure-layout";
import { ClaimPanel, type ClaimAnswerExtra, type ClaimRefused } from "~/components/claim/claim-panel";
import { claimIntents } from "~/claim-account.server";
import { intentAction } from "~/intents.server";
import { DomainError } from "#server/domain/errors.ts";
import { claimedPath } from "#shared/claim-paths.ts";
import { HYDRATE_ON_DEMAND } from "~/components/deferred-scripts";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { getServices, getViewer } from "~/guards.server";
import { readCookie, serializeCookie } from "#shared/cookies.ts";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { acceptSunTap } from "#server/domain/codes/accept-sun-tap.ts";
import { claimFigure } from "#server/domain/claims/claim-figure.ts";
import { sunFigure } from "#server/domain/codes/sun-figure.ts";
import { readTapGrant, signTapGrant, TAP_GRANT_COOKIE, TAP_GRANT_SECONDS } from "#server/sun/tap-grant.ts";
import type { Route } from "./+types/sun-tap";

// A tap on a SUN tag (NTAG 424 DNA) lands here with a fresh signed URL: /s/<figure>?picc_data=…&cmac=…
// (or ?uid=…&ctr=…&cmac=…). A verified tap is kept for ten minutes in a signed cookie and the page
// redirects to itself without the parameters, so a reload never replays the tap.
export const handle = HYDRATE_ON_DEMAND;

export const meta: Route.MetaFunction = () => [{ title: "Boonees" }, { name: "robots", content: "noindex" }];

const figureId = z.uuid();

function grantCookie(context: Route.LoaderArgs["context"], value: string) {
  const secure = getServices(context).settings.publicUrl.startsWith("https://");
  return serializeCookie(TAP_GRANT_COOKIE, value, { maxAge: value ? TAP_GRANT_SECONDS : 0, secure });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  if (!figureId.safeParse(params.figureId).success) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (url.searchParams.has("cmac")) {
    const outcome = await acceptSunTap(services.db, services.config.SUN_MASTER_KEY, params.figureId, url.searchParams);
    if (outcome.kind === "accepted") {
      const grant = signTapGrant(services.sessionSecret, { tagId: outcome.tagId, counter: outcome.counter });
      throw redirect(`/s/${params.figureId}`, { headers: { "set-cookie": grantCookie(context, grant) } });
    }
    if (outcome.kind === "replayed") return data({ state: "replayed" as const }, { status: 403 });
    return data({ state: "unverified" as const }, { status: 403 });
  }
  const found = await sunFigure(services.db, params.figureId);
  if (!found) throw data(null, { status: 404 });
  const grant = readTapGrant(services.sessionSecret, readCookie(request.headers.get("cookie"), TAP_GRANT_COOKIE));
  const fresh = grant && grant.tagId === found.tag.id && grant.counter === found.tag.counter;
  if (!fresh) return data({ state: "tapAgain" as const });
  const base = { figure: found.figure, signedIn: !!getViewer(context) };
  if (found.claimed) return data({ state: "genuine" as const, ...base, ownerName: found.ownerName, claimedAt: found.claimedAt });
  if (found.figure.status === "Archived") return data({ state: "notClaimable" as const, ...base });
  return data({ state: "claimable" as const, ...base });
}

/**
 * Claims with the verified tap: signed in, one tap; signed out, the account step of a claim link
 * (sign-up with password or passkey, or a passkey sign-in) and the claim in one request, on the claim
 * link's intent table (app/claim-account.server.ts; a POST that is no claim form claims nothing, decision
 * 043). A success goes to the same success screen as a claim link (Post/Redirect/Get).
 */
export const action = intentAction<ClaimAnswerExtra, ClaimRefused>(
  claimIntents({
    find: async ({ services, request, params }) => {
      const grant = readTapGrant(services.sessionSecret, readCookie(request.headers.get("cookie"), TAP_GRANT_COOKIE));
      const found = figureId.safeParse(params.figureId).success ? await sunFigure(services.db, params.figureId!) : null;
      if (!grant || !found || grant.tagId !== found.tag.id) throw new DomainError("tap.error.tapAgain", 403);
      return { ...found, counter: grant.counter };
    },
    availability: (found) => (found.claimed ? "claimed" : found.figure.status === "Archived" ? "noLongerClaimable" : "available"),
    claim: async (found, actor, { services, context, headers }) => {
      const result = await claimFigure(services.db, actor, { p_tag_id: found.tag.id, p_boonee_id: found.figure.id }, { sunCounter: found.counter });
      services.metrics.claim(result);
      if (!result.success) throw new DomainError(result.error === "claim.error.needsTap" ? "tap.error.tapAgain" : result.error, 409);
      headers.append("set-cookie", grantCookie(context, ""));
      return redirect(claimedPath(result.figureId), { status: 303, headers });
    },
  }),
  // a POST that is no claim form claims nothing and looks nothing up, not even for the page (decision 043)
  { access: "public", unknownThrows: true },
);

export default function SunTapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  if (loaderData.state === "replayed" || loaderData.state === "unverified" || loaderData.state === "tapAgain") {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10" data-testid={`tap-${loaderData.state}`}>
        <h1 className="font-display text-3xl font-extrabold">{t(`tap.${loaderData.state}.title`)}</h1>
        <p className="mt-3 text-ink-soft">{t(`tap.${loaderData.state}.text`)}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/boonees">{t("claim.toGallery")}</Link>
        </Button>
      </div>
    );
  }
  const { figure } = loaderData;
  const verified = <p className="text-sm font-semibold text-slime">✓ {t("tap.verified")}</p>;
  if (loaderData.state === "claimable") {
    // the claim link's page, with the tap as the code
    return (
      <ClaimFigureLayout figure={figure} title={figure.name} badge={verified}>
        <ClaimPanel
          signedIn={loaderData.signedIn}
          name={figure.name}
          answer={actionData}
          loginHref={`/auth?redirect=${encodeURIComponent(`/s/${figure.id}`)}`}
        />
      </ClaimFigureLayout>
    );
  }
  return (
    <ClaimFigureLayout figure={figure}>
      {loaderData.state === "genuine" ? (
        <Card>
          <CardContent className="grid gap-3 pt-5" data-testid="tap-genuine">
            <p className="font-display text-sm font-bold tracking-wide text-slime uppercase">✓ {t("tap.genuine.badge")}</p>
            <h1 className="font-display text-3xl font-extrabold">{t("tap.genuine.title", { name: figure.name })}</h1>
            <p>
              <TextWithName
                i18nKey="tap.genuine.foundBy"
                name={loaderData.ownerName ?? t("common.anonymous")}
                values={{ date: loaderData.claimedAt ? dates.day(loaderData.claimedAt) : "–" }}
              />
            </p>
            <Button asChild variant="outline">
              <Link to={`/boonee/${figure.id}`}>{t("tap.toFigure")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <h1 className="font-display text-3xl font-extrabold">{figure.name}</h1>
            {verified}
            <FormError error="claim.error.notClaimable" />
          </CardContent>
        </Card>
      )}
    </ClaimFigureLayout>
  );
}
