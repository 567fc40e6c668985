import type { RouterContextProvider } from "react-router";
import { getServices, getViewer } from "~/guards.server";
import { claimCodeSchema } from "~/lib/claim-code";
import { DomainError } from "../server/domain/errors.ts";
import { findFigureByCode, type FigureByCode } from "../server/domain/find-figure-by-code.ts";

export type CodeLookup =
  | { status: "found"; figure: FigureByCode }
  | { status: "invalid"; error: string; params?: Record<string, string | number>; httpStatus: number };

/** Validates a code with the shared rule and looks it up, throttled per address and account. */
export async function lookupCode(context: Readonly<RouterContextProvider>, request: Request, raw: string): Promise<CodeLookup> {
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
