import type { RouterContextProvider } from "react-router";
import { getServices, getViewer } from "~/guards.server";
import { claimCodeSchema } from "#shared/claim-code.ts";
import { DomainError } from "#server/domain/errors.ts";
import {
  createClaimChallenge,
  createClaimPass,
  spendClaimChallenge,
  verifyClaimPass,
  type ClaimChallenge,
} from "#server/domain/claim-challenge.ts";
import { lookupFigure, type FigureByCode } from "#server/domain/find-figure-by-code.ts";

export type CodeLookup =
  /** `pass`: set when a challenge was passed for this code, to carry on with it (see claim-challenge.ts) */
  | { status: "found"; figure: FigureByCode; pass?: string }
  /** `challenge`: the address is locked; solving this lets the next attempt through (decision 014) */
  | { status: "invalid"; error: string; params?: Record<string, string | number>; httpStatus: number; challenge?: ClaimChallenge };

type Ctx = Readonly<RouterContextProvider>;

// One lookup per code and request: after a POST, React Router runs the page's loader in the same
// request (same context), which would otherwise check the throttle and read the code a second time,
// and count a wrong code twice.
const lookups = new WeakMap<Ctx, Map<string, Promise<CodeLookup>>>();

/**
 * Validates a code with the shared rule and looks it up, throttled per address and account; once per
 * request (see forgetLookup). A locked address gets through with a solved challenge (`solution`, the
 * form's field) or with the pass for this code in the page's address (`?pass=`).
 */
export function lookupCode(context: Ctx, request: Request, raw: string, solution?: string | null): Promise<CodeLookup> {
  let byCode = lookups.get(context);
  if (!byCode) lookups.set(context, (byCode = new Map()));
  let lookup = byCode.get(raw);
  if (!lookup) byCode.set(raw, (lookup = lookupUncached(context, request, raw, solution)));
  return lookup;
}

/** The figure changed during this request in a way the page must read again (e.g. a lost claim race). */
export function forgetLookup(context: Ctx, raw: string) {
  lookups.get(context)?.delete(raw);
}

async function lookupUncached(context: Ctx, request: Request, raw: string, solution?: string | null): Promise<CodeLookup> {
  const { db, sessionSecret, metrics } = getServices(context);
  const parsed = claimCodeSchema.safeParse(raw);
  if (!parsed.success) {
    metrics.codeLookup("malformed");
    return { status: "invalid", error: parsed.error.issues[0].message, httpStatus: 400 };
  }
  const code = parsed.data;
  const solved = solution ? await spendClaimChallenge(db, sessionSecret, solution) : false;
  if (solved) metrics.challenge("solved");
  const passed = solved || verifyClaimPass(sessionSecret, code, new URL(request.url).searchParams.get("pass"));
  try {
    const { figure, remaining } = await lookupFigure(db, code, {
      ip: request.headers.get("x-boonees-client-ip") ?? "unknown",
      userId: getViewer(context)?.id,
      challengePassed: passed,
    });
    metrics.codeLookup(figure ? "found" : "unknown");
    if (!figure)
      return { status: "invalid", error: "claim.error.invalid", params: remaining === null ? {} : { remaining }, httpStatus: 404 };
    return { status: "found", figure, pass: solved ? createClaimPass(sessionSecret, code) : undefined };
  } catch (e) {
    if (!(e instanceof DomainError && e.code === "tooMany")) throw e;
    metrics.codeLookup("throttled");
    if (e.params?.locked !== "address") return { status: "invalid", error: "claim.error.tooMany", params: e.params, httpStatus: 429 };
    // a solution was sent but refused (expired, already used, not ours): say so, and offer a fresh one
    const error = solution ? "claim.error.challengeFailed" : "claim.error.lockedAddress";
    metrics.challenge("issued");
    return { status: "invalid", error, params: e.params, httpStatus: 429, challenge: await createClaimChallenge(sessionSecret) };
  }
}
