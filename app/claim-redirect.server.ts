import type { RouterContextProvider } from "react-router";

import { readCookie } from "#shared/cookies.ts";
import { isClaimable as isClaimableFigure } from "#shared/figure-status.ts";
import type { FigureByCode } from "#server/domain/codes/find-figure-by-code.ts";
import { lookupCode } from "~/claim.server";

export { claimPath } from "#shared/claim-paths.ts";

type Ctx = Readonly<RouterContextProvider>;

/** The code of a claim page's path (`/claim/CODE`, `/c/CODE`), or null for any other target. */
export function claimCodeOf(target: string | null | undefined): string | null {
  const match = /^\/(?:claim|c)\/([^/?#]+)$/.exec(target ?? "");
  return match ? decodeURIComponent(match[1]) : null;
}

/** The stored claim redirect (set when a finder chose to sign in for a claim), or null. */
export const storedClaimRedirect = (request: Request) =>
  readCookie(request.headers.get("cookie"), "claim_redirect") || null;

export const isClaimable = (figure: FigureByCode) => isClaimableFigure(figure.details);

/** The figure a claim path leads to while it can still be claimed; null otherwise (taken, gone, refused). */
export async function claimableFigure(
  context: Ctx,
  request: Request,
  target: string | null,
): Promise<FigureByCode | null> {
  const code = claimCodeOf(target);
  if (!code) return null;
  const lookup = await lookupCode(context, request, code);
  return lookup.status === "found" && isClaimable(lookup.figure) ? lookup.figure : null;
}
