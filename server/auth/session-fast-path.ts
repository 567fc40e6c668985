import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";

import { primaryRole } from "#shared/roles.ts";

import type { Db } from "../db/client.ts";
import { preparedStatement } from "../db/prepared-statement.ts";
import type { Auth } from "./auth.ts";
import { staffCities } from "./staff-cities.ts";
import type { Viewer } from "./viewer-type.ts";

/**
 * The session of a request in one statement (session, profile and roles), for the common case only:
 * a validly signed cookie of a stored session that is neither expired nor due for its daily slide.
 * That case is exactly where Better Auth's getSession only reads (it writes nothing and sets no
 * cookie), so the answer is the same; every other case (no such session, expired, due for a refresh,
 * a leftover cookie-cache cookie) returns "ask Better Auth", which clears, deletes or slides as it does.
 * Three statements per signed-in request became one (decision 038: the claim request is lean).
 */
export type FastSession = { viewer: Viewer } | "ask-better-auth" | "signed-out";

interface CookieSettings {
  sessionCookie: string;
  sessionDataCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

function cookieSettings(auth: Auth): Promise<CookieSettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((ctx) => ({
      sessionCookie: ctx.authCookies.sessionToken.name,
      sessionDataCookie: ctx.authCookies.sessionData.name,
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
  const expected = createHmac("sha256", secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
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

export async function readSessionFast(auth: Auth, db: Db, request: Request): Promise<FastSession> {
  const settings = await cookieSettings(auth);
  const cookies = readCookies(request.headers.get("cookie"), [settings.sessionCookie, settings.sessionDataCookie]);
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
  if (!(expiresAt > now) || expiresAt - settings.expiresInMs + settings.updateAgeMs <= now) return "ask-better-auth";
  return {
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
