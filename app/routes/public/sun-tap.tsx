import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { ClaimFigureLayout } from "~/components/claim/claim-figure-layout";
import { HYDRATE_ON_DEMAND } from "~/components/deferred-scripts";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, flashCookie, getServices, getViewer, refusal } from "~/guards.server";
import { readCookie, serializeCookie } from "#shared/cookies.ts";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { formFields } from "#shared/forms.ts";
import { roleOf } from "#server/auth/role-of.ts";
import { acceptSunTap } from "#server/domain/accept-sun-tap.ts";
import { signInWithPasskey } from "#server/domain/passkeys.ts";
import { parseResponse } from "#server/passkeys/ceremony.ts";
import { claimBoonee } from "#server/domain/claim-boonee.ts";
import { sunFigure } from "#server/domain/sun-figure.ts";
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
  if (!figureId.safeParse(params.booneeId).success) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (url.searchParams.has("cmac")) {
    const outcome = await acceptSunTap(services.db, services.config.SUN_MASTER_KEY, params.booneeId, url.searchParams);
    if (outcome.kind === "accepted") {
      const grant = signTapGrant(services.sessionSecret, { tagId: outcome.tagId, counter: outcome.counter });
      throw redirect(`/s/${params.booneeId}`, { headers: { "set-cookie": grantCookie(context, grant) } });
    }
    if (outcome.kind === "replayed") return data({ state: "replayed" as const }, { status: 403 });
    return data({ state: "unverified" as const }, { status: 403 });
  }
  const found = await sunFigure(services.db, params.booneeId);
  if (!found) throw data(null, { status: 404 });
  const grant = readTapGrant(services.sessionSecret, readCookie(request.headers.get("cookie"), TAP_GRANT_COOKIE));
  const fresh = grant && grant.tagId === found.tag.id && grant.counter === found.tag.counter;
  if (!fresh) return data({ state: "tapAgain" as const });
  const base = { figure: found.figure, signedIn: !!getViewer(context) };
  if (found.claimed) return data({ state: "genuine" as const, ...base, ownerName: found.ownerName, claimedAt: found.claimedAt });
  if (found.figure.status === "Archived") return data({ state: "notClaimable" as const, ...base });
  return data({ state: "claimable" as const, ...base });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const viewer = getViewer(context);
  const fields = formFields(await request.formData());
  // signed out, a passkey signs in and claims in one go (one tap, one prompt)
  if (!viewer && fields.intent !== "passkeyLogin") return data({ error: "claim.error.unauthorized" }, { status: 401 });
  const grant = readTapGrant(services.sessionSecret, readCookie(request.headers.get("cookie"), TAP_GRANT_COOKIE));
  const found = figureId.safeParse(params.booneeId).success ? await sunFigure(services.db, params.booneeId) : null;
  if (!grant || !found || grant.tagId !== found.tag.id) return data({ error: "tap.error.tapAgain" }, { status: 403 });
  const headers = new Headers();
  let actor = viewer ? actorOf(viewer) : null;
  if (!actor) {
    try {
      const signedIn = await signInWithPasskey(services, parseResponse(fields.passkey), request.headers);
      signedIn.headers.getSetCookie().forEach((c) => headers.append("set-cookie", c));
      actor = { id: signedIn.userId, role: await roleOf(services.db, signedIn.userId) };
    } catch (e) {
      const r = refusal(e, { prefix: "auth.error." });
      return data({ error: r.error }, { status: r.status });
    }
  }
  const result = await claimBoonee(services.db, actor, { p_tag_id: found.tag.id, p_boonee_id: found.figure.id }, { sunCounter: grant.counter });
  services.metrics.claim(result);
  if (!result.success) return data({ error: result.error === "claim.error.needsTap" ? "tap.error.tapAgain" : result.error }, { status: 409, headers });
  headers.append("set-cookie", grantCookie(context, ""));
  headers.append("set-cookie", flashCookie("claim.success"));
  throw redirect(`/profile?new=${result.booneeId}`, { headers });
}

export default function SunTapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
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
  return (
    <ClaimFigureLayout figure={figure}>
      {loaderData.state === "genuine" ? (
        <Card>
          <CardContent className="grid gap-3 pt-5" data-testid="tap-genuine">
            <p className="font-display text-sm font-bold tracking-wide text-slime uppercase">✓ {t("tap.genuine.badge")}</p>
            <h1 className="font-display text-3xl font-extrabold">{t("tap.genuine.title", { name: figure.name })}</h1>
            <p>
              {t("tap.genuine.foundBy", {
                name: loaderData.ownerName ?? t("common.anonymous"),
                date: loaderData.claimedAt ? dates.day(loaderData.claimedAt) : "–",
              })}
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
            <p className="text-sm font-semibold text-slime">✓ {t("tap.verified")}</p>
            {loaderData.state === "notClaimable" ? (
              <FormError error="claim.error.notClaimable" />
            ) : loaderData.signedIn ? (
              <Form method="post" className="grid gap-3">
                {actionData?.error && <FormError error={actionData.error} />}
                <Button type="submit" size="lg" variant="slime" className="w-full" disabled={busy} data-busy-label={t("claim.claiming")}>
                  {busy ? t("claim.claiming") : t("claim.claimButton")}
                </Button>
              </Form>
            ) : (
              <>
                {actionData?.error && <FormError error={actionData.error} />}
                <PasskeyButton kind="login" intent="passkeyLogin" label={t("claim.passkeyClaim")} variant="slime" />
                <p className="text-sm text-muted-foreground">{t("tap.signInToClaim")}</p>
                <Button asChild size="lg" variant="slime">
                  <Link to={`/auth?mode=signup&redirect=${encodeURIComponent(`/s/${figure.id}`)}`}>{t("tap.signUp")}</Link>
                </Button>
                <Link to={`/auth?redirect=${encodeURIComponent(`/s/${figure.id}`)}`} className="text-center text-sm font-semibold text-grape hover:underline">
                  {t("claim.loginInstead")}
                </Link>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </ClaimFigureLayout>
  );
}
