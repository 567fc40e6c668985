import { createContext } from "react-router";

import type { Lang } from "#shared/i18n-config.ts";

import type { Viewer } from "./auth/viewer.ts";
import type { ClaimResult } from "./domain/claims/claim-figure.ts";
import type { CodeLookup } from "./domain/codes/lookup-claim-code.ts";
import type { Services } from "./services.ts";

/** The process's shared services, set by the HTTP server for every request. */
export const servicesContext = createContext<Services>();
/** The signed-in person (or null), loaded once per request by the root middleware. */
export const viewerContext = createContext<Viewer | null>(null);
/** The language of this request, from the cookie (German unless the user chose English). */
export const langContext = createContext<Lang>("de");
/** The Content-Security-Policy nonce of this response (set by the HTTP server). */
export const nonceContext = createContext<string>("");

/**
 * A claim POST the server's fast path (server/claim-fast-path.ts) already looked up and tried, and
 * hands to the page to render (a wrong code, a lost race): the page uses these results instead of
 * counting the code or claiming a second time.
 */
export interface ClaimHandoff {
  code: string;
  /** the session the fast path read (neither expired nor due for its slide): the page does not read it again */
  viewer: Viewer;
  lookup: CodeLookup;
  result?: ClaimResult;
}
export const claimHandoffContext = createContext<ClaimHandoff | null>(null);
