const ALLOWED = ["/boonee", "/profile", "/claim"];

/** The path and query of a local target (same origin, a path, no `//`, no backslash), or null. */
function localPath(target: string | null | undefined): URL | null {
  if (!target || typeof target !== "string") return null;
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return null;
  try {
    const url = new URL(target, "http://local.invalid");
    return url.origin === "http://local.invalid" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The stored claim redirect is followed only when it is a local path under /boonee, /profile or
 * /claim (spec section 4); anything else goes to /profile.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/profile"): string {
  const url = localPath(target);
  return url && ALLOWED.some((p) => url.pathname.startsWith(p)) ? url.pathname + url.search : fallback;
}

/** `?redirect=` on /auth may name any local page of this app (product decisions, 2026-11-23). */
export function safeLocalRedirect(target: string | null | undefined, fallback = "/profile"): string {
  const url = localPath(target);
  return url ? url.pathname + url.search : fallback;
}
