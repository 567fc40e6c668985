import { useTranslation } from "~/lib/use-translation";
import { data, Link, redirect } from "react-router";
import { ChallengeForm } from "~/components/claim/challenge-form";
import { FormError } from "~/components/forms/field";
import { PageShell } from "~/components/page-shell";
import { Card, CardContent } from "~/components/ui/card";
import { lookupCode } from "~/claim.server";
import { flashCookie } from "~/guards.server";
import { normalizeCode } from "#shared/claim-code-rule.ts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/figure-by-code";

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "claim.metaTitle", "claim.metaDescription"), { name: "robots", content: "noindex" }];

/**
 * /boonee?id=&token= : the figure's claim screen by code. The spec's German messages are shown as
 * error toasts ("!" marks an error flash) on the page the visitor lands on ('Ungültiger Link' goes to /).
 * Too many wrong codes from this address or account: 429 with the minutes to wait, on this page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const id = url.searchParams.get("id");
  if (!token) throw redirect("/", { headers: { "set-cookie": flashCookie("byCode.invalidLink", "error") } });
  let result;
  try {
    result = await lookupCode(context, request, token);
  } catch {
    throw redirect("/claim", { headers: { "set-cookie": flashCookie("byCode.loadError", "error") } });
  }
  if (result.status === "invalid") {
    if (result.httpStatus === 429) return data({ error: result.error, params: result.params ?? {}, challenge: result.challenge, code: normalizeCode(token) }, { status: 429 });
    const key = result.httpStatus === 404 ? "byCode.notFound" : "byCode.invalidCode";
    throw redirect("/claim", { headers: { "set-cookie": flashCookie(key, "error") } });
  }
  if (id && id !== result.figure.details.id) throw redirect("/claim", { headers: { "set-cookie": flashCookie("byCode.notFound", "error") } });
  throw redirect(`/claim/${normalizeCode(token)}`);
}

export default function FigureByCode({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PageShell narrow title={t("claim.title")}>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          {loaderData.challenge ? (
            <ChallengeForm code={loaderData.code} challenge={loaderData.challenge} error={loaderData.error} params={loaderData.params} />
          ) : (
            <FormError error={loaderData.error} params={loaderData.params} />
          )}
          <Link to="/boonees" className="text-center text-sm font-semibold text-grape hover:underline">
            {t("claim.toGallery")}
          </Link>
        </CardContent>
      </Card>
    </PageShell>
  );
}
