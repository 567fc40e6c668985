import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, useNavigate, useNavigation, useParams } from "react-router";
import { FigureImage, StatusPill } from "~/components/boonee/figure-header";
import { CodeForm } from "~/components/claim/code-form";
import { HYDRATE_ON_DEMAND } from "~/components/deferred-scripts";
import { FormError, Notice } from "~/components/forms/field";
import { SignUpFields } from "~/components/forms/sign-up-fields";
import { RarityBadge } from "~/components/rarity-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { forgetLookup, lookupCode } from "~/claim.server";
import { actorOf, claimRedirectCookie, getServices, getViewer } from "~/guards.server";
import { CODE_MAX, normalizeCode } from "~/lib/claim-code-rule";
import { formFields, validate, type FieldErrors } from "~/lib/forms";
import { tMeta } from "~/lib/meta";
import { signUpSchema } from "~/lib/schemas/account";
import type { RootData } from "~/root";
import { claimBoonee } from "../../../server/domain/claim-boonee.ts";
import { DomainError } from "../../../server/domain/errors.ts";
import { signUp } from "../../../server/domain/sign-in.ts";
import type { Route } from "./+types/claim-code";

const REDIRECT_AFTER_CLAIM_MS = 1500;

// A first visit (an NFC tap, often on a weak connection) gets the server HTML without React; see deferred-scripts.
export const handle = HYDRATE_ON_DEMAND;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const result = await lookupCode(context, request, params.secretCode);
  const signedIn = !!getViewer(context);
  if (result.status === "invalid") {
    return data({ state: "invalid" as const, error: result.error, params: result.params ?? {}, signedIn }, { status: result.httpStatus });
  }
  const { figure } = result;
  const view = { state: "found" as const, boonee: figure.boonee, owner: figure.owner, signedIn };
  // A signed-out finder who logs in instead comes back to this claim (the stored claim redirect).
  const headers = signedIn ? undefined : { "set-cookie": claimRedirectCookie(context, `/claim/${normalizeCode(params.secretCode)}`) };
  return data(view, { headers });
}

type ClaimAnswer =
  | { ok: true; name: string }
  | { ok: false; error: string | null; params?: Record<string, unknown>; errors: FieldErrors; notice?: string; values?: { name?: string; email?: string } };

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const fields = formFields(await request.formData());
  const lookup = await lookupCode(context, request, params.secretCode);
  if (lookup.status === "invalid") return data<ClaimAnswer>({ ok: false, error: lookup.error, params: lookup.params, errors: {} }, { status: lookup.httpStatus });
  const { figure } = lookup;
  let actor = getViewer(context) ? actorOf(getViewer(context)!) : null;
  const headers = new Headers();
  if (!actor) {
    if (fields.intent !== "signup") return data<ClaimAnswer>({ ok: false, error: "claim.error.unauthorized", errors: {} }, { status: 401 });
    const values = { name: fields.name, email: fields.email };
    const parsed = validate(signUpSchema, fields);
    if (!parsed.ok) return data<ClaimAnswer>({ ok: false, error: null, errors: parsed.errors, values }, { status: 400 });
    if (figure.boonee.claimed) return data<ClaimAnswer>({ ok: false, error: "claim.error.already", errors: {} }, { status: 409 });
    try {
      const account = await signUp(services, parsed.data, request.headers);
      // an e-mail that has an account: its owner got a mail; the page says "check your mailbox"
      if (account.status === "mailed") return data<ClaimAnswer>({ ok: false, error: null, errors: {}, notice: "claim.checkMail", values });
      account.headers.getSetCookie().forEach((c) => headers.append("set-cookie", c));
      actor = { id: account.userId, role: "user" };
    } catch (e) {
      if (e instanceof DomainError) return data<ClaimAnswer>({ ok: false, error: `auth.error.${e.code}`, params: e.params, errors: {}, values }, { status: e.status });
      throw e;
    }
  }
  const result = await claimBoonee(services.db, actor, { p_user_id: actor.id, p_tag_id: figure.tagId, p_boonee_id: figure.boonee.id });
  headers.append("set-cookie", claimRedirectCookie(context, ""));
  if (!result.success) {
    forgetLookup(context, params.secretCode); // someone else was faster: the page shows who owns it now
    return data<ClaimAnswer>({ ok: false, error: result.error, errors: {} }, { status: 409, headers });
  }
  return data<ClaimAnswer>({ ok: true, name: result.name }, { headers });
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const robots = { name: "robots", content: "noindex" };
  if (!loaderData || loaderData.state !== "found") return [{ title: `${tMeta(matches, "claim.metaTitle")} · Boonees` }, robots];
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const base = root?.settings.publicUrl ?? "";
  const { boonee } = loaderData;
  const title = tMeta(matches, "claim.metaFigureTitle", { name: boonee.name });
  // a line of the figure's story (its first paragraph, cut at 160 characters); never the code
  const story = boonee.description?.split(/\n/).find((line) => line.trim())?.replace(/\s+/g, " ").trim();
  const description = story ? clip(story, 160) : tMeta(matches, "claim.metaDescription");
  const image = boonee.imageUrl && !boonee.imageUrl.endsWith(".svg") ? boonee.imageUrl : "/images/og-boonees.png";
  return [
    { title: `${title} · Boonees` },
    { name: "description", content: description },
    robots,
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: /^https?:/.test(image) ? image : `${base}${image}` },
    { property: "og:url", content: `${base}/boonee/${boonee.id}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

export default function ClaimCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A broken link says which code it carried (the link's own text, never another figure's).
  const { secretCode = "" } = useParams();
  const success = actionData?.ok === true;
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate("/profile"), REDIRECT_AFTER_CLAIM_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  if (loaderData.state === "invalid") {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="font-display text-3xl font-extrabold">{t("claim.title")}</h1>
        <p className="mt-2 text-ink-soft" data-testid="failed-code">
          {t("claim.failedCode")} <strong className="font-display tracking-wider break-all">{clip(normalizeCode(secretCode), 40)}</strong>
        </p>
        <Card className="mt-4">
          <CardContent className="pt-5">
            <CodeForm error={loaderData.error} params={loaderData.params} defaultValue={normalizeCode(secretCode).slice(0, CODE_MAX)} />
          </CardContent>
        </Card>
        <p className="mt-4 text-center text-sm">
          <Link to="/claim" className="font-semibold text-grape hover:underline">
            {t("claim.scanInstead")}
          </Link>
        </p>
      </div>
    );
  }

  const { boonee, owner, signedIn } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-6 sm:py-10 md:grid-cols-2">
      <div className="self-start overflow-hidden rounded-3xl border-2 border-ink/10 shadow-[0_4px_0_0_rgba(35,21,63,0.08)]">
        <FigureImage src={boonee.imageUrl} alt={boonee.name} />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-2">
          <RarityBadge rarity={boonee.rarity} />
          {boonee.series && <span className="text-sm font-semibold text-muted-foreground">{boonee.series}</span>}
          {boonee.status !== "Archived" && <StatusPill claimed={boonee.claimed || success} />}
        </div>
        <h1 className="font-display text-4xl font-extrabold">{success ? `🎉 ${boonee.name}` : boonee.name}</h1>
        {boonee.description && <p className="line-clamp-4 text-ink-soft">{boonee.description}</p>}
        {success ? (
          <SuccessPanel />
        ) : boonee.claimed ? (
          <Card>
            <CardContent className="grid gap-3 pt-5">
              <h2 className="font-display text-2xl font-bold">{t("claim.alreadyClaimedTitle")}</h2>
              <p data-testid="already-claimed">
                {t("claim.alreadyClaimedBy", { name: owner ? (owner.name ?? t("common.anonymous")) : t("common.someoneElse") })}
              </p>
              <Button asChild variant="outline">
                <Link to="/boonees">{t("claim.toGallery")}</Link>
              </Button>
            </CardContent>
          </Card>
        ) : boonee.status === "Archived" ? (
          <Card>
            <CardContent className="grid gap-3 pt-5">
              <FormError error="claim.error.notClaimable" />
              <Button asChild variant="outline">
                <Link to="/boonees">{t("claim.toGallery")}</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ClaimPanel signedIn={signedIn} name={boonee.name} answer={actionData?.ok === false ? actionData : undefined} />
        )}
      </div>
    </div>
  );
}

function SuccessPanel() {
  const { t } = useTranslation();
  return (
    // data-redirect-*: the page without React (first visit) goes on by the inline script; with React, the effect above.
    <div
      role="status"
      data-redirect-to="/profile"
      data-redirect-after={REDIRECT_AFTER_CLAIM_MS}
      className="grid gap-3 rounded-2xl border-2 border-slime/30 bg-[#dff5e6] p-5 text-[#1d6b3c]"
    >
      <p className="font-display text-xl font-bold">{`🎉 ${t("claim.success")}`}</p>
      <p className="text-sm">{t("claim.redirecting")}</p>
      <noscript>
        <meta httpEquiv="refresh" content="2;url=/profile" />
      </noscript>
      <Button asChild variant="slime">
        <Link to="/profile">{t("claim.toProfile")}</Link>
      </Button>
    </div>
  );
}

type FailedClaim = Extract<ClaimAnswer, { ok: false }>;

function ClaimPanel({ signedIn, name, answer }: { signedIn: boolean; name: string; answer?: FailedClaim }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // Back to this claim after logging in (the code is the one in this page's own address).
  const { secretCode = "" } = useParams();
  const loginHref = `/auth?redirect=${encodeURIComponent(`/claim/${normalizeCode(secretCode)}`)}`;
  // The browser checks the fields natively (required, type, minLength); the action re-checks with the schema.
  const errors = answer?.errors ?? {};
  // A failed claim shows its message behind the spec's prefix (claim.error.resolve).
  const failure = answer?.error ? `${t("claim.error.resolve")}: ${t(answer.error, answer.params)}` : null;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <h2 className="font-display text-2xl font-bold">{t("claim.foundTitle", { name })}</h2>
        <p className="text-sm text-muted-foreground">{signedIn ? t("claim.availableText") : t("claim.signedOutText")}</p>
        {failure && (
          <p role="alert" className="rounded-xl border-2 border-destructive/30 bg-[#ffe0dc] px-4 py-3 text-sm font-semibold text-[#9b1c1c]">
            {failure}
          </p>
        )}
        {answer?.notice && <Notice text={t(answer.notice)} />}
        {signedIn ? (
          <Form method="post">
            <input type="hidden" name="intent" value="claim" />
            <Button type="submit" size="lg" variant="slime" className="w-full" disabled={busy} data-busy-label={t("claim.claiming")}>
              {busy ? t("claim.claiming") : t("claim.claimButton")}
            </Button>
          </Form>
        ) : (
          <>
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="signup" />
              <SignUpFields errors={errors} values={answer?.values} />
              <Button type="submit" size="lg" variant="slime" disabled={busy} data-busy-label={t("claim.claiming")}>
                {busy ? t("claim.claiming") : t("claim.signUpAndClaim")}
              </Button>
            </Form>
            <Link to={loginHref} className="text-center text-sm font-semibold text-grape hover:underline">
              {t("claim.loginInstead")}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
