import { data, redirect, type RouterContextProvider } from "react-router";

import { claimRedirectCookieFor, readCookie, serializeCookie } from "#shared/cookies.ts";
import type { Lang } from "#shared/i18n-config.ts";
import type { Role } from "#shared/roles.ts";
import { mayOpen } from "#shared/route-policy.ts";
import { DomainError, type Actor } from "#server/domain/errors.ts";
import { readForm } from "#server/form-request.ts";
import { logError } from "#server/log-error.ts";
import type { Logger } from "#server/log.ts";
import { langContext, servicesContext, viewerContext } from "#server/router-context.ts";

type Ctx = Readonly<RouterContextProvider>;

export const getServices = (context: Ctx) => context.get(servicesContext);
export const getViewer = (context: Ctx) => context.get(viewerContext);
/** The request's page language (from the cookie). */
export const getLang = (context: Ctx) => context.get(langContext);

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

function toAuth(request: Request) {
  const url = new URL(request.url);
  return redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in user, or: a page redirects to /auth, an action answers 401. */
export function requireUser(context: Ctx, request: Request) {
  const viewer = getViewer(context);
  if (!viewer) throw isRead(request) ? toAuth(request) : data({ error: "unauthorized" }, { status: 401 });
  return viewer;
}

/**
 * The viewer the requested route's policy lets in (`ROUTE_POLICIES`, shared/route-policy.ts), or the
 * refusal: signed out as requireUser; the team (a moderator) on a page it may not open gets 403 (a page saying why,
 * with a link back to /admin); anyone else to / (pages) or 403 (actions). The one place a route's access
 * is decided: layouts call it in their middleware, loaders and actions for the viewer.
 */
export function requirePage(context: Ctx, request: Request) {
  const viewer = requireUser(context, request);
  const path = new URL(request.url).pathname;
  if (mayOpen(viewer.role, path)) return viewer;
  // the team on an admin-only page: a 403 page saying why, in their language (root ErrorBoundary)
  if (isRead(request) && mayOpen(viewer.role, "/admin")) throw data({ error: "adminOnly" }, { status: 403 });
  throw isRead(request) ? redirect("/") : data({ error: "forbidden" }, { status: 403 });
}

/**
 * The team (a moderator) reading a page it may not open: the page's loaders answer the 403 "admins only" page
 * (each calls requirePage), so the admin layout's middleware lets this one through to them; the root loader then
 * runs too and the page's header still shows who is signed in.
 */
export function teamOnAdminOnlyPage(context: Ctx, request: Request) {
  const viewer = getViewer(context);
  const path = new URL(request.url).pathname;
  return !!viewer && isRead(request) && !mayOpen(viewer.role, path) && mayOpen(viewer.role, "/admin");
}

/**
 * The action's form. A body that is not one (no or another type, multipart without a boundary or
 * broken) answers 400, never a 500: every action reads its form here (decision 043).
 */
export async function requestForm(request: Request): Promise<FormData> {
  const form = await readForm(request);
  if (!form) throw data({ error: "badRequest" }, { status: 400 });
  return form;
}

/** The viewer as the domain's actor; with the page's language where they write a reason (see Actor.lang). */
export const actorOf = (viewer: { id: string; role: Role; cities?: number[] | null }, lang?: Lang): Actor => ({
  id: viewer.id,
  role: viewer.role,
  lang,
  cities: viewer.cities ?? null,
});

/**
 * A loader's read of one object that must be of the actor's cities (decision 058): another city's
 * ("forbidden" from server/domain/staff-scope.ts) answers 403, on pages and actions alike.
 */
export async function inOwnCities<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof DomainError && e.status === 403) throw data({ error: "otherCity" }, { status: 403 });
    throw e;
  }
}

/** A refused action as its answer names it: a translation key (or the bare code), its params, an upload's reason and the HTTP status. */
export interface Refusal {
  error: string;
  params: Record<string, string | number>;
  reason: string | null;
  status: number;
}

export interface RefusalNames {
  /** The key of each code that has its own (looked up first). */
  keys?: Record<string, string>;
  /** Else the code after this prefix ("auth.error."); without a prefix, `fallback`, else the bare code. */
  prefix?: string;
  fallback?: string;
  /** `params.reason` (an upload's) after this prefix; without it, no reason. */
  reasonPrefix?: string;
  /** Any other error is answered with this key and status 500 (logged when `report` is given); without it, rethrown. */
  unexpected?: string;
  report?: { log: Logger; request: Request; message?: string };
}

/**
 * The one way a DomainError (server/domain/errors.ts) becomes a message: actions reach it through
 * `intentAction`'s `failureOf` (app/intents.server.ts, decision 054); the few loaders and the pages not yet
 * on the intent table call it directly. Anything that is not a DomainError is rethrown unless `unexpected` is set.
 */
export function refusal(e: unknown, names: RefusalNames = {}): Refusal {
  if (e instanceof DomainError) {
    const error =
      names.keys?.[e.code] ?? (names.prefix !== undefined ? `${names.prefix}${e.code}` : (names.fallback ?? e.code));
    const reason =
      names.reasonPrefix !== undefined && typeof e.params?.reason === "string"
        ? `${names.reasonPrefix}${e.params.reason}`
        : null;
    return { error, params: e.params ?? {}, reason, status: e.status };
  }
  if (names.unexpected === undefined) throw e;
  if (names.report) logError(names.report.log, e, { request: names.report.request }, names.report.message);
  return { error: names.unexpected, params: {}, reason: null, status: 500 };
}

/**
 * The stored claim redirect (a path; "" clears it). Secure on https. Stored when a finder chooses
 * to sign in for a claim (/auth?redirect=/claim/CODE), followed only while that figure is still
 * claimable; cleared when a session starts or ends, when the claim is done and when the figure is
 * taken, so a shared phone never hands the next person someone's claim.
 */
export function claimRedirectCookie(context: Ctx, path: string) {
  return claimRedirectCookieFor(getServices(context).settings.publicUrl, path);
}

/** A one-shot toast carried over a redirect: a translation key and whether it tells of success or of an error. */
export interface Flash {
  kind: "success" | "error";
  key: string;
}

export function flashCookie(key: string, kind: Flash["kind"]) {
  return serializeCookie("flash", `${kind}:${key}`, { maxAge: 60 });
}

/** The flash a request carries, or null (a value of another form is ignored). */
export function readFlash(cookieHeader: string | null): Flash | null {
  const value = readCookie(cookieHeader, "flash");
  const m = value ? /^(success|error):(.+)$/.exec(value) : null;
  return m ? { kind: m[1] as Flash["kind"], key: m[2] } : null;
}
