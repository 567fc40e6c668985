/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function serializeCookie(
  name: string,
  value: string,
  opts: { maxAge: number; httpOnly?: boolean; secure?: boolean },
) {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${opts.maxAge}; SameSite=Lax${opts.httpOnly === false ? "" : "; HttpOnly"}${opts.secure ? "; Secure" : ""}`;
}

const CLAIM_REDIRECT_MAX_AGE = 60 * 60;

/** The stored claim redirect's cookie (a path; "" clears it), Secure on an https site (app/guards.server.ts). */
export function claimRedirectCookieFor(publicUrl: string, path: string) {
  return serializeCookie("claim_redirect", path, {
    maxAge: path ? CLAIM_REDIRECT_MAX_AGE : 0,
    secure: publicUrl.startsWith("https://"),
  });
}
