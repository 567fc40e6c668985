import { createContext } from "react-router";
import type { Viewer } from "./auth/viewer.ts";
import type { Services } from "./services.ts";
import type { Lang } from "#shared/i18n-config.ts";

/** The process's shared services, set by the HTTP server for every request. */
export const servicesContext = createContext<Services>();
/** The signed-in person (or null), loaded once per request by the root middleware. */
export const viewerContext = createContext<Viewer | null>(null);
/** The language of this request, from the cookie (German unless the user chose English). */
export const langContext = createContext<Lang>("de");
/** The Content-Security-Policy nonce of this response (set by the HTTP server). */
export const nonceContext = createContext<string>("");
