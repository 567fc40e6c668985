const ALLOWED = ["/boonee", "/profile", "/claim"];
const BASE = "http://local.invalid";

/**
 * The normalised path and query of a local target, or null. The decision is taken on what we would
 * answer, not on the raw value: dot segments, percent-encoded dots and stripped tabs can turn
 * `/.//evil.example` into `//evil.example`, which a browser reads as another host. So the raw value
 * may hold no control character or backslash, and the normalised path must start with exactly one `/`.
 */
function localPath(target: string | null | undefined): string | null {
  if (!target || typeof target !== "string") return null;
  // oxlint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!target.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  // the answer must come back to itself: a browser resolving it again stays on this site
  return new URL(path, BASE).origin === BASE ? path : null;
}

/**
 * The stored claim redirect is followed only when it is a local path under /boonee, /profile or
 * /claim (spec section 4); anything else goes to /profile.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/profile"): string {
  const path = localPath(target);
  return path && ALLOWED.some((p) => path.startsWith(p)) ? path : fallback;
}

/**
 * Any local page of this app, or the fallback: `?redirect=` on /auth (product decisions,
 * 2026-11-23), the language toggle's way back, a notification's link.
 */
export function safeLocalRedirect(target: string | null | undefined, fallback = "/profile"): string {
  return localPath(target) ?? fallback;
}

/** The local page, or null (the caller then does not redirect at all). */
export const localTarget = (target: string | null | undefined): string | null => localPath(target);
