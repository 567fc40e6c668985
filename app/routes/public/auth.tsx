import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormError, Notice } from "~/components/forms/field";
import { SignUpFields } from "~/components/forms/sign-up-fields";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { FigureImage } from "~/components/figure-image";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { claimableFigure, claimCodeOf, storedClaimRedirect } from "~/claim-redirect.server";
import { claimRedirectCookie, getViewer } from "~/guards.server";
import { intent, intentAction, type IntentContext } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { safeLocalRedirect, safeRedirect } from "~/lib/safe-redirect";
import { homeOf, type Role } from "#shared/roles.ts";
import { loginSchema, signUpSchema } from "#shared/schemas/account.ts";
import { roleOf } from "#server/auth/role-of.ts";
import { signInWithPasskey, signUpWithPasskey } from "#server/domain/accounts/passkeys.ts";
import { signIn, signUp } from "#server/domain/accounts/sign-in.ts";
import { parseResponse } from "#server/passkeys/ceremony.ts";
import type { Route } from "./+types/auth";
import { dataKey } from "~/locales/message-key";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.metaTitle", "auth.metaDescription");

/**
 * The claim this sign-in is for: ?redirect= naming a claim page ("Anmelden und claimen"), else the
 * stored claim redirect; with its figure while it can still be claimed (else none: a sign-in never
 * goes to a figure that is taken, gone, or someone else's).
 */
async function claimInProgress(context: Route.LoaderArgs["context"], request: Request) {
  const redirectTo = new URL(request.url).searchParams.get("redirect");
  const fromQuery = claimCodeOf(redirectTo) ? redirectTo : null;
  const stored = redirectTo ? null : storedClaimRedirect(request);
  const path = fromQuery ?? stored;
  if (!claimCodeOf(path)) return { path, figure: null, stored }; // the spec's other stored targets (/boonee/…, /profile) stay as they are
  const figure = await claimableFigure(context, request, path);
  return { path: figure ? path : null, figure, stored };
}

/**
 * Where to go after signing in: ?redirect= (any local page), else the claim in progress, else the
 * role's home (/admin for admins and moderators, /profile for everyone else): one redirect, no hop.
 */
function target(request: Request, claim: { path: string | null }, role: Role) {
  const redirectTo = new URL(request.url).searchParams.get("redirect");
  const home = homeOf(role);
  return redirectTo ? safeLocalRedirect(redirectTo, home) : safeRedirect(claim.path, home);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await claimInProgress(context, request);
  const viewer = getViewer(context);
  if (viewer) throw redirect(target(request, claim, viewer.role), { headers: { "set-cookie": claimRedirectCookie(context, "") } });
  const url = new URL(request.url);
  // Remembered while the claim is open (it survives e.g. a password reset); a stale one is dropped.
  const keep = claim.figure && claim.path !== claim.stored ? claim.path : null;
  const headers = keep || (claim.stored && !claim.path) ? { "set-cookie": claimRedirectCookie(context, keep ?? "") } : undefined;
  const figure = claim.figure ? { name: claim.figure.details.name, imageUrl: claim.figure.details.imageUrl } : null;
  return data(
    { mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("login" as const), redirectTo: url.searchParams.get("redirect") ?? "", figure },
    { headers },
  );
}

/** A sign-in or sign-up ends on its target (one redirect), or, for a sign-up with an address that has an account, "check your mailbox" (decision 007). */
async function signedIn(ctx: IntentContext, result: { status: "mailed" } | { status: "created"; headers: Headers; userId: string }) {
  if (result.status === "mailed") return { message: "auth.checkMail", values: { name: ctx.fields.name, email: ctx.fields.email } };
  const claim = await claimInProgress(ctx.context, ctx.request);
  const headers = new Headers(result.headers);
  headers.append("set-cookie", claimRedirectCookie(ctx.context, ""));
  const role = await roleOf(ctx.services.db, result.userId);
  return redirect(target(ctx.request, claim, role), { headers });
}

const ECHO = ["name", "email"] as const;

export const action = intentAction<{ values: { name?: string; email?: string } }>(
  {
    login: intent({
      schema: loginSchema,
      invalid: null,
      echo: ECHO,
      run: async (input, ctx) => signedIn(ctx, { status: "created", ...(await signIn(ctx.services, input, ctx.request.headers)) }),
    }),
    signup: intent({
      schema: signUpSchema,
      invalid: null,
      echo: ECHO,
      run: async (input, ctx) => signedIn(ctx, await signUp(ctx.services, input, ctx.request.headers)),
    }),
    passkeyLogin: intent({
      echo: ECHO,
      run: async (fields, ctx) =>
        signedIn(ctx, { status: "created", ...(await signInWithPasskey(ctx.services, parseResponse(fields.passkey), ctx.request.headers)) }),
    }),
    passkeySignup: intent({
      echo: ECHO,
      run: async (fields, ctx) => signedIn(ctx, await signUpWithPasskey(ctx.services, parseResponse(fields.passkey), ctx.request.headers, fields.deviceModel)),
    }),
  },
  { access: "public", defaultIntent: "login", prefix: "auth.error." },
);

// zod comes with the first focus on the form (decision 056)
const loadLoginSchema = () => import("#shared/schemas/account.ts").then((m) => m.loginSchema);
const loadSignUpSchema = () => import("#shared/schemas/account.ts").then((m) => m.signUpSchema);

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mode = actionData ? (actionData.intent === "signup" || actionData.intent === "passkeySignup" ? "signup" : "login") : loaderData.mode;
  const refused = refusedAnswer(actionData);
  const answerValues = actionData?.ok ? actionData.values : refused?.values;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const schema = mode === "signup" ? loadSignUpSchema : loadLoginSchema;
  const { figure } = loaderData;
  const { errors, onSubmit, onFocus } = useClientValidation(schema, refused?.fieldErrors);
  const redirectQuery = loaderData.redirectTo ? `&redirect=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <PageShell narrow title={mode === "signup" ? t("auth.signUpTitle") : t("auth.title")} intro={figure ? null : mode === "signup" ? t("auth.signUpIntro") : t("auth.intro")}>
      {figure && <ClaimingFigure name={figure.name} imageUrl={figure.imageUrl} mode={mode} />}
      <Card>
        <CardContent className="pt-5">
          {mode === "login" && (
            <div className="mb-4">
              <PasskeyButton
                kind="login"
                intent="passkeyLogin"
                label={t("auth.passkey.login")}
                variant="slime"
                footer={<p className="mt-2 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("auth.passkey.or")}</p>}
              />
            </div>
          )}
          <Form method="post" className="grid gap-4" onSubmit={onSubmit} onFocus={onFocus} noValidate key={mode} id="auth-form">
            <input type="hidden" name="intent" value={mode} />
            <FormError error={refused?.error} params={refused?.params} />
            {actionData?.ok && actionData.message && <Notice text={t(dataKey(actionData.message))} />}
            {mode === "signup" ? (
              <SignUpFields errors={errors} values={answerValues} />
            ) : (
              <>
                <Field name="email" type="email" label={t("auth.email")} autoComplete="email" required error={errors.email} defaultValue={answerValues?.email} />
                <Field name="password" type="password" label={t("auth.password")} autoComplete="current-password" required error={errors.password} />
              </>
            )}
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t("auth.busy") : mode === "signup" ? t("auth.signUp") : t("auth.login")}
            </Button>
          </Form>
          {mode === "signup" && (
            <div className="mt-3">
              <PasskeyButton kind="signup" intent="passkeySignup" label={t("auth.passkey.signUp")} fieldsFrom="auth-form" />
            </div>
          )}
          <div className="mt-5 grid gap-2 text-center text-sm">
            {mode === "login" ? (
              <>
                <Link to="/auth/forgot" className="font-semibold text-grape hover:underline">
                  {t("auth.forgot")}
                </Link>
                <Link to={`/auth?mode=signup${redirectQuery}`} className="font-semibold text-grape hover:underline">
                  {t("auth.noAccount")}
                </Link>
              </>
            ) : (
              <Link to={`/auth?mode=login${redirectQuery}`} className="font-semibold text-grape hover:underline">
                {t("auth.haveAccount")}
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
      {/* signing in to claim a figure already: "found one? claim it first" would say the same thing twice */}
      {!figure && (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t("auth.claimFirst")}{" "}
          <Link to="/claim" className="font-bold text-grape hover:underline">
            {t("auth.claimFirstLink")}
          </Link>
        </p>
      )}
    </PageShell>
  );
}

/** The figure this sign-in will claim: its picture and name, so the finder sees what they are doing. */
function ClaimingFigure({ name, imageUrl, mode }: { name: string; imageUrl: string | null; mode: "login" | "signup" }) {
  const { t } = useTranslation();
  return (
    <div className="mb-5 flex items-center gap-4 rounded-2xl border-2 border-slime/40 bg-white p-3" data-testid="claiming-figure">
      <div className="size-20 shrink-0 overflow-hidden rounded-xl">
        <FigureImage src={imageUrl} alt={name} />
      </div>
      <p className="font-semibold">{t(mode === "signup" ? "auth.signUpToClaim" : "auth.loginToClaim", { name })}</p>
    </div>
  );
}
