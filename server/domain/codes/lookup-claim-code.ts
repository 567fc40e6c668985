import { claimCodeSchema } from "#shared/claim-code.ts";

import type { Services } from "../../services.ts";
import { DomainError } from "../errors.ts";
import {
  challengeMaxNumber,
  createClaimChallenge,
  createClaimPass,
  spendClaimChallenge,
  verifyClaimPass,
  type ClaimChallenge,
} from "./claim-challenge.ts";
import { lookupFigure, type FigureByCode } from "./find-figure-by-code.ts";

export type CodeLookup =
  /** `pass`: set when a challenge was passed for this code, to carry on with it (see claim-challenge.ts) */
  | { status: "found"; figure: FigureByCode; pass?: string }
  /** `challenge`: the address is locked; solving this lets the next attempt through (decision 014) */
  | {
      status: "invalid";
      error: string;
      params?: Record<string, string | number>;
      httpStatus: number;
      challenge?: ClaimChallenge;
    };

/** Who looks a code up, and what they carry past a locked address. */
export interface CodeAsker {
  ip: string;
  userId?: string;
  /** the form's solution of a challenge */
  solution?: string | null;
  /** the page address's `?pass=` for this code */
  pass?: string | null;
}

/**
 * Validates a code with the shared rule and looks it up, throttled per address and account (every
 * call counts a wrong code: call it once per request, see app/claim.server.ts). A locked address
 * gets through with a solved challenge or with the pass for this code.
 */
export async function lookupClaimCode(
  services: Pick<Services, "db" | "sessionSecret" | "metrics">,
  raw: string,
  asker: CodeAsker,
): Promise<CodeLookup> {
  const { db, sessionSecret, metrics } = services;
  const parsed = claimCodeSchema.safeParse(raw);
  if (!parsed.success) {
    metrics.codeLookup("malformed");
    return { status: "invalid", error: parsed.error.issues[0].message, httpStatus: 400 };
  }
  const code = parsed.data;
  const solved = asker.solution ? await spendClaimChallenge(db, sessionSecret, asker.solution) : false;
  if (solved) metrics.challenge("solved");
  const passed = solved || verifyClaimPass(sessionSecret, code, asker.pass ?? null);
  try {
    const { figure, remaining } = await lookupFigure(db, code, {
      ip: asker.ip,
      userId: asker.userId,
      challengePassed: passed,
    });
    metrics.codeLookup(figure ? "found" : "unknown");
    if (!figure)
      return {
        status: "invalid",
        error: "claim.error.invalid",
        params: remaining === null ? {} : { remaining },
        httpStatus: 404,
      };
    return { status: "found", figure, pass: solved ? createClaimPass(sessionSecret, code) : undefined };
  } catch (e) {
    if (!(e instanceof DomainError && e.code === "tooMany")) throw e;
    metrics.codeLookup("throttled");
    if (e.params?.locked !== "address") {
      const { excess: _excess, ...params } = e.params ?? {};
      return { status: "invalid", error: "claim.error.tooMany", params, httpStatus: 429 };
    }
    // a solution was sent but refused (expired, already used, not ours): say so, and offer a fresh one
    const error = asker.solution ? "claim.error.challengeFailed" : "claim.error.lockedAddress";
    metrics.challenge("issued");
    const { excess, ...params } = e.params ?? {};
    const challenge = await createClaimChallenge(sessionSecret, challengeMaxNumber(Number(excess ?? 0)));
    return { status: "invalid", error, params, httpStatus: 429, challenge };
  }
}
