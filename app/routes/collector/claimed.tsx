import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";

import { newFindPath } from "#shared/claim-paths.ts";
import { findOwnFigure } from "#server/domain/figures/find-own-figure.ts";
import { ClaimFigureLayout } from "~/components/claim/claim-figure-layout";
import { HYDRATE_ON_DEMAND } from "~/components/deferred-scripts";
import { Button } from "~/components/ui/button";
import { actorOf, getServices, requireUser } from "~/guards.server";
import { tMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/claimed";

const REDIRECT_AFTER_CLAIM_MS = 1500;

// Reached right after a claim from an NFC tap: the server HTML goes on by itself, no React needed.
export const handle = HYDRATE_ON_DEMAND;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${tMeta(matches, "claim.success")} · Boonees` },
  { name: "robots", content: "noindex" },
];

/** The success screen after a claim (the claim's POST redirects here): only for the figure's owner. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  const figure = await findOwnFigure(getServices(context).db, actorOf(viewer), params.id);
  if (!figure) throw redirect(`/boonee/${encodeURIComponent(params.id)}`);
  return { figure, next: newFindPath(figure.id) };
}

export default function ClaimedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { figure, next } = loaderData;
  // Replaced, so Back from the collection returns to the claim link (which now says "yours"), not here.
  useEffect(() => {
    const timer = setTimeout(() => navigate(next, { replace: true }), REDIRECT_AFTER_CLAIM_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);
  return (
    <ClaimFigureLayout figure={figure} title={figure.name}>
      {/* data-redirect-*: without React (first visit) the inline script goes on; with React, the effect above. */}
      <div
        role="status"
        data-redirect-to={next}
        data-redirect-after={REDIRECT_AFTER_CLAIM_MS}
        className="grid gap-3 rounded-2xl border-2 border-slime/30 bg-[#dff5e6] p-5 text-[#1d6b3c]"
      >
        <p className="font-display text-xl font-bold">{`🎉 ${t("claim.success")}`}</p>
        <p className="text-sm">{t("claim.redirecting")}</p>
        <noscript>
          <meta httpEquiv="refresh" content={`2;url=${next}`} />
        </noscript>
        <Button asChild variant="slime">
          <Link to={next} replace>
            {t("claim.toProfile")}
          </Link>
        </Button>
      </div>
    </ClaimFigureLayout>
  );
}
