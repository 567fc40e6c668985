import type { MiddlewareHandler } from "hono";

import { normalizeCode } from "#shared/claim-code-rule.ts";
import { isClaimIntent } from "#shared/claim-intents.ts";
import { claimedPath, claimPath } from "#shared/claim-paths.ts";
import { claimRedirectCookieFor } from "#shared/cookies.ts";

import { CLIENT_IP_HEADER } from "./auth/auth.ts";
import { readSessionFast } from "./auth/session-fast-path.ts";
import { recordAppOpen } from "./domain/accounts/record-app-open.ts";
import { claimFigure } from "./domain/claims/claim-figure.ts";
import { lookupClaimCode } from "./domain/codes/lookup-claim-code.ts";
import { readForm } from "./form-request.ts";
import type { ClaimHandoff } from "./router-context.ts";
import type { Services } from "./services.ts";

/** Renders the claim page for a POST the fast path has already looked up and tried. */
export type RenderClaimPage = (request: Request, handoff: ClaimHandoff) => Promise<Response>;

/**
 * POST /c/:code by a signed-in finder (decision 038): the claim page's action for that case, answered
 * before React Router. It runs the same steps on the same functions (session, lookup with throttle,
 * claim) and, when the claim is won or was already theirs, answers the same 303 itself. Anything
 * that needs a page (a wrong code, a lock, a lost race) goes to the page with what was done, so
 * nothing is counted or tried twice. A session due for its daily slide is slid here (decision 061) and
 * its cookie goes with whichever answer is given. Signed out, a session Better Auth must look at
 * (expired, "don't remember me") and the app's data requests (`.data`) go to the action unchanged.
 * Runs after the security middlewares (origin check, form types, body limit) like every POST.
 */
export function claimFastPath(services: Services, render: RenderClaimPage): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    const raw = c.req.param("secretCode") ?? "";
    if (raw.endsWith(".data") || !request.headers.get("cookie")) return next();
    const session = await readSessionFast(services.auth, services.db, request);
    if (typeof session === "string") return next();
    // A POST that is no claim form (a body that does not parse, no claim intent) goes to the page's
    // action unchanged, which answers it (400) as it would without this path: nothing is looked up
    // or claimed here. The body is read from a copy; the action reads the request's own.
    const form = await readForm(request.clone());
    if (!form || !isClaimIntent(form.get("intent"))) return next();
    const { viewer, setCookie } = session;
    const withSlidCookie = (response: Response) => {
      if (setCookie) response.headers.append("set-cookie", setCookie);
      return response;
    };
    recordAppOpen(services.db, viewer.id, services.config.TIME_ZONE);
    const lookup = await lookupClaimCode(services, raw, {
      ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
      userId: viewer.id,
      pass: new URL(request.url).searchParams.get("pass"),
    });
    if (lookup.status !== "found") return withSlidCookie(await render(request, { code: raw, viewer, lookup }));
    const { figure } = lookup;
    const result = await claimFigure(
      services.db,
      { id: viewer.id, role: viewer.role },
      { p_user_id: viewer.id, p_tag_id: figure.tagId, p_boonee_id: figure.details.id },
    );
    if (!result.success && !result.mine)
      return withSlidCookie(await render(request, { code: raw, viewer, lookup, result }));
    services.metrics.claim(result);
    // Post/Redirect/Get: the success page, or for a second submit of their own claim the page that says "yours"
    return withSlidCookie(
      new Response(null, {
        status: 303,
        headers: {
          location: result.success ? claimedPath(result.figureId) : claimPath(normalizeCode(raw)),
          "set-cookie": claimRedirectCookieFor(services.settings.publicUrl, ""),
          "cache-control": "private, no-store",
        },
      }),
    );
  };
}
