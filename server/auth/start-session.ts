import { createHmac } from "node:crypto";

import { serializeCookie } from "#shared/cookies.ts";

import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";

/**
 * Starts a Better Auth session for an account that proved itself another way (a passkey) and
 * returns its Set-Cookie header: the stored session through Better Auth's own adapter (its hooks
 * run: a blocked account is refused), the cookie signed as Better Auth signs it (HMAC-SHA256 of the
 * token; read back by session-fast-path.ts and Better Auth alike), with its name and lifetime.
 */
export async function startSession(auth: Auth, userId: string, headers: Headers): Promise<string> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId, false, {
    ipAddress: headers.get(CLIENT_IP_HEADER) ?? undefined,
    userAgent: headers.get("user-agent") ?? undefined,
  });
  const signature = createHmac("sha256", ctx.secret).update(session.token).digest("base64");
  const cookie = ctx.authCookies.sessionToken;
  return serializeCookie(cookie.name, `${session.token}.${signature}`, {
    maxAge: ctx.sessionConfig.expiresIn,
    secure: !!cookie.attributes.secure,
  });
}
