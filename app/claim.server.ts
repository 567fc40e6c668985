import type { RouterContextProvider } from "react-router";
import { getServices, getViewer } from "~/guards.server";
import { claimCodeSchema } from "~/lib/claim-code";
import { DomainError } from "../server/domain/errors.ts";
import { findFigureByCode, type FigureByCode } from "../server/domain/find-figure-by-code.ts";

export type CodeLookup =
  | { status: "found"; figure: FigureByCode }
  | { status: "invalid"; error: string; params?: Record<string, string | number>; httpStatus: number };

type Ctx = Readonly<RouterContextProvider>;

// One lookup per code and request: after a POST, React Router runs the page's loader in the same
// request (same context), which would otherwise check the throttle and read the code a second time,
// and count a wrong code twice.
const lookups = new WeakMap<Ctx, Map<string, Promise<CodeLookup>>>();

/**
 * Validates a code with the shared rule and looks it up, throttled per address and account; once per
 * request (see forgetLookup).
 */
export function lookupCode(context: Ctx, request: Request, raw: string): Promise<CodeLookup> {
  let byCode = lookups.get(context);
  if (!byCode) lookups.set(context, (byCode = new Map()));
  let lookup = byCode.get(raw);
  if (!lookup) byCode.set(raw, (lookup = lookupUncached(context, request, raw)));
  return lookup;
}

/** The figure changed during this request in a way the page must read again (e.g. a lost claim race). */
export function forgetLookup(context: Ctx, raw: string) {
  lookups.get(context)?.delete(raw);
}

async function lookupUncached(context: Ctx, request: Request, raw: string): Promise<CodeLookup> {
  const parsed = claimCodeSchema.safeParse(raw);
  if (!parsed.success) return { status: "invalid", error: parsed.error.issues[0].message, httpStatus: 400 };
  const viewer = getViewer(context);
  try {
    const figure = await findFigureByCode(getServices(context).db, parsed.data, {
      ip: request.headers.get("x-boonees-client-ip") ?? "unknown",
      userId: viewer?.id,
    });
    if (!figure) return { status: "invalid", error: "claim.error.invalid", httpStatus: 404 };
    return { status: "found", figure };
  } catch (e) {
    if (e instanceof DomainError && e.code === "tooMany") return { status: "invalid", error: "claim.error.tooMany", params: e.params, httpStatus: 429 };
    throw e;
  }
}
