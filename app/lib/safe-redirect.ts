const ALLOWED = ["/boonee", "/profile", "/claim"];

/**
 * A redirect target from a query or a cookie is followed only when it is a local path under
 * /boonee, /profile or /claim (spec section 4); anything else goes to /profile.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/profile"): string {
  if (!target || typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  try {
    const url = new URL(target, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return ALLOWED.some((p) => url.pathname.startsWith(p)) ? url.pathname + url.search : fallback;
  } catch {
    return fallback;
  }
}
