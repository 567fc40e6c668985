import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { Role } from "#shared/roles.ts";
import { DomainError, type Actor } from "#server/domain/errors.ts";
import { servicesContext, viewerContext } from "#server/router-context.ts";
import { serializeCookie } from "#shared/cookies.ts";

type Ctx = Readonly<RouterContextProvider>;

export const getServices = (context: Ctx) => context.get(servicesContext);
export const getViewer = (context: Ctx) => context.get(viewerContext);

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

/** A user with one of the roles, or: signed out as requireUser; others go to / (pages) or get 403 (actions). */
export function requireRole(context: Ctx, request: Request, roles: Role[]) {
  const viewer = requireUser(context, request);
  if (!roles.includes(viewer.role)) throw isRead(request) ? redirect("/") : data({ error: "forbidden" }, { status: 403 });
  return viewer;
}

export const actorOf = (viewer: { id: string; role: Role }): Actor => ({ id: viewer.id, role: viewer.role });

/** Turns a DomainError into the action's answer: `{ error: code }` with its status. Rethrows anything else. */
export function domainErrorData(e: unknown) {
  if (e instanceof DomainError) return data({ ok: false as const, error: e.code, params: e.params ?? {} }, { status: e.status });
  throw e;
}

const CLAIM_REDIRECT_MAX_AGE = 60 * 60;

/**
 * The stored claim redirect (a path; "" clears it). Secure on https. Stored when a finder chooses
 * to sign in for a claim (/auth?redirect=/claim/CODE), followed only while that figure is still
 * claimable; cleared when a session starts or ends, when the claim is done and when the figure is
 * taken, so a shared phone never hands the next person someone's claim.
 */
export function claimRedirectCookie(context: Ctx, path: string) {
  const secure = getServices(context).settings.publicUrl.startsWith("https://");
  return serializeCookie("claim_redirect", path, { maxAge: path ? CLAIM_REDIRECT_MAX_AGE : 0, secure });
}

/** A one-shot toast message (a translation key) carried over a redirect. */
export function flashCookie(key: string) {
  return serializeCookie("flash", key, { maxAge: 60 });
}
