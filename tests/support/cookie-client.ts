/**
 * A minimal browser for HTTP tests: keeps the cookies the server sets (and drops those it clears),
 * sends them back, posts forms with our Origin, never follows redirects.
 */
export class CookieClient {
  readonly jar = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  get cookieHeader() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The session cookie's name=value pair (whatever prefix the server uses). */
  get sessionCookie() {
    const entry = [...this.jar].find(([name]) => name.endsWith("session_token"));
    return entry ? `${entry[0]}=${entry[1]}` : "";
  }

  async get(path: string, headers: Record<string, string> = {}) {
    return this.remember(
      await fetch(this.base + path, { headers: { cookie: this.cookieHeader, ...headers }, redirect: "manual" }),
    );
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.remember(
      await fetch(this.base + path, {
        method: "POST",
        headers: {
          origin: this.base,
          "content-type": "application/x-www-form-urlencoded",
          cookie: this.cookieHeader,
          ...headers,
        },
        body: new URLSearchParams(form),
        redirect: "manual",
      }),
    );
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (clearsCookie(line) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }
}

/** Whether a Set-Cookie line removes its cookie (Max-Age=0 or an expiry in the past). */
export function clearsCookie(line: string) {
  if (/;\s*max-age=0\b/i.test(line)) return true;
  const expires = /;\s*expires=([^;]+)/i.exec(line)?.[1];
  return !!expires && Date.parse(expires) <= Date.now();
}

/** The Set-Cookie lines of a response that clear the cookie called `name` (or ending in it). */
export function clearedCookies(res: Response, name: string) {
  return res.headers.getSetCookie().filter((line) => line.split("=")[0].trim().endsWith(name) && clearsCookie(line));
}
