import type { RouterContextProvider } from "react-router";

import { lookupClaimCode, type CodeLookup } from "#server/domain/codes/lookup-claim-code.ts";
import { claimHandoffContext } from "#server/router-context.ts";
import { getServices, getViewer } from "~/guards.server";

export type { CodeLookup };

type Ctx = Readonly<RouterContextProvider>;

// One lookup per code and request: after a POST, React Router runs the page's loader in the same
// request (same context), which would otherwise check the throttle and read the code a second time,
// and count a wrong code twice. A lookup the server's claim fast path made is this request's too.
const lookups = new WeakMap<Ctx, Map<string, Promise<CodeLookup>>>();

/** What the claim fast path already did in this request for this code (server/claim-fast-path.ts). */
export function claimHandoff(context: Ctx, raw: string) {
  const handoff = context.get(claimHandoffContext);
  return handoff?.code === raw ? handoff : null;
}

/**
 * Validates a code with the shared rule and looks it up, throttled per address and account; once per
 * request (see forgetLookup). A locked address gets through with a solved challenge (`solution`, the
 * form's field) or with the pass for this code in the page's address (`?pass=`).
 */
export function lookupCode(context: Ctx, request: Request, raw: string, solution?: string | null): Promise<CodeLookup> {
  let byCode = lookups.get(context);
  if (!byCode) {
    lookups.set(context, (byCode = new Map()));
    const handoff = claimHandoff(context, raw);
    if (handoff) byCode.set(raw, Promise.resolve(handoff.lookup));
  }
  let lookup = byCode.get(raw);
  if (!lookup)
    byCode.set(
      raw,
      (lookup = lookupClaimCode(getServices(context), raw, {
        ip: request.headers.get("x-boonees-client-ip") ?? "unknown",
        userId: getViewer(context)?.id,
        solution,
        pass: new URL(request.url).searchParams.get("pass"),
      })),
    );
  return lookup;
}

/**
 * The figure changed during this request in a way the page must show (a lost claim race): the page
 * shows `fresh`, the figure read again without counting the code (rereadFigure), or without it looks
 * the code up again.
 */
export function forgetLookup(context: Ctx, raw: string, fresh?: CodeLookup) {
  if (fresh) lookups.get(context)?.set(raw, Promise.resolve(fresh));
  else lookups.get(context)?.delete(raw);
}
