import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";

import { primaryRole } from "#shared/roles.ts";

import type { Db } from "../db/client.ts";
import { preparedStatement } from "../db/prepared-statement.ts";
import type { Auth } from "./auth.ts";
import { staffCities } from "./staff-cities.ts";
import type { Viewer } from "./viewer-type.ts";

/**
 * The session of a request in one statement (session, profile and roles), for the common cases:
 * a validly signed cookie of a stored session that is not expired. Where it is due for its daily
 * slide, one more statement moves it forward and `setCookie` carries the cookie Better Auth's
 * getSession would set (decision 061: in a rush every finder's session is due, and Better Auth's
 * path took the claim off its fast path). Every other case (no such session, expired, a leftover
 * cookie-cache cookie, a "don't remember me" session) returns "ask Better Auth", which clears,
 * deletes or answers as it does. Three statements per signed-in request became one (decision 038).
 */
export type FastSession = { viewer: Viewer; setCookie?: string } | "ask-better-auth" | "signed-out";

interface CookieSettings {
  sessionCookie: string;
  sessionDataCookie: string;
  dontRememberCookie: string;
  cookieAttributes: CookieAttributes;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

interface CookieAttributes {
  maxAge?: number;
  domain?: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  partitioned?: boolean;
}

const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

function cookieSettings(auth: Auth): Promise<CookieSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => ({
      sessionCookie: ctx.authCookies.sessionToken.name,
      sessionDataCookie: ctx.authCookies.sessionData.name,
      dontRememberCookie: ctx.authCookies.dontRememberToken.name,
      cookieAttributes: ctx.authCookies.sessionToken.attributes as CookieAttributes,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

/** The cookie's value if its signature (HMAC-SHA256, as Better Auth signs it) is right, else null. */
export function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const given = Buffer.from(signature, "base64");
  const expected = signatureOf(value, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

const signatureOf = (value: string, secret: string) => createHmac("sha256", secret).update(value).digest();

/** The session cookie as Better Auth's getSession sets it when it slides a session (same order of attributes). */
export function sessionCookieHeader(name: string, token: string, secret: string, attrs: CookieAttributes): string {
  let cookie = `${name}=${encodeURIComponent(`${token}.${signatureOf(token, secret).toString("base64")}`)}`;
  if (typeof attrs.maxAge === "number") cookie += `; Max-Age=${Math.floor(attrs.maxAge)}`;
  if (attrs.domain) cookie += `; Domain=${attrs.domain}`;
  if (attrs.path) cookie += `; Path=${attrs.path}`;
  if (attrs.httpOnly) cookie += "; HttpOnly";
  if (attrs.secure) cookie += "; Secure";
  if (attrs.sameSite) cookie += `; SameSite=${attrs.sameSite.charAt(0).toUpperCase()}${attrs.sameSite.slice(1)}`;
  if (attrs.partitioned) cookie += "; Partitioned";
  return cookie;
}

function readCookies(header: string | null, names: string[]): Map<string, string> {
  const found = new Map<string, string>();
  if (!header) return found;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (names.includes(name) && !found.has(name)) found.set(name, part.slice(eq + 1).trim());
  }
  return found;
}

interface SessionRow {
  id: string;
  user_id: string;
  expires_at: string | Date;
  name: string | null;
  email: string;
  roles: string[];
  cities: number[] | null;
}

const sessionByToken = preparedStatement<{ token: string }, SessionRow>(
  "session",
  (
    p,
  ) => sql`select s.id, s.user_id, s.expires_at, p.name, p.email, array(select r.role::text from user_roles r where r.user_id = s.user_id) as roles,
    array(select c.city_id from city_staff c where c.user_id = s.user_id) as cities
    from sessions s join profiles p on p.id = s.user_id where s.token = ${p.token}`,
);

const slideSession = preparedStatement<{ token: string; expiresAt: string; now: string }, { id: string }>(
  "session-slide",
  (p) =>
    sql`update sessions set expires_at = ${p.expiresAt}::timestamptz, updated_at = ${p.now}::timestamptz where token = ${p.token} returning id`,
);

export async function readSessionFast(auth: Auth, db: Db, request: Request): Promise<FastSession> {
  const settings = await cookieSettings(auth);
  const cookies = readCookies(request.headers.get("cookie"), [
    settings.sessionCookie,
    settings.sessionDataCookie,
    settings.dontRememberCookie,
  ]);
  if (cookies.has(settings.sessionDataCookie)) return "ask-better-auth";
  const raw = cookies.get(settings.sessionCookie);
  if (!raw) return "signed-out";
  let signed: string;
  try {
    signed = decodeURIComponent(raw);
  } catch {
    return "ask-better-auth";
  }
  const token = verifySignedValue(signed, settings.secret);
  if (!token) return "ask-better-auth";
  const [row] = await sessionByToken(db, { token });
  if (!row) return "ask-better-auth";
  const expiresAt = new Date(row.expires_at).getTime();
  const now = Date.now();
  // the same tests as Better Auth's getSession: expired, or old enough for the daily slide
  if (!(expiresAt > now)) return "ask-better-auth";
  let setCookie: string | undefined;
  if (expiresAt - settings.expiresInMs + settings.updateAgeMs <= now) {
    // a "don't remember me" session never slides in Better Auth; it answers that rare case itself
    if (cookies.has(settings.dontRememberCookie)) return "ask-better-auth";
    const at = new Date(now);
    const [slid] = await slideSession(db, {
      token,
      expiresAt: new Date(now + settings.expiresInMs).toISOString(),
      now: at.toISOString(),
    });
    // deleted in between (signed out elsewhere): Better Auth clears the cookie
    if (!slid) return "ask-better-auth";
    setCookie = sessionCookieHeader(settings.sessionCookie, token, settings.secret, {
      ...settings.cookieAttributes,
      maxAge: settings.expiresInMs / 1000,
    });
  }
  return {
    setCookie,
    viewer: {
      id: row.user_id,
      name: row.name || null,
      email: row.email,
      role: primaryRole(row.roles ?? []),
      cities: staffCities(primaryRole(row.roles ?? []), row.cities ?? []),
      sessionId: row.id,
    },
  };
}
