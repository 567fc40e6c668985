import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";

import type { Db } from "../db/client.ts";
import { accounts, profiles, sessions, userRoles, verifications } from "../db/schema.ts";
import { logError } from "../log-error.ts";
import type { Logger } from "../log.ts";
import type { SendMail } from "../mail/mailer.ts";
import { refuseBlockedSession } from "./blocked.ts";

export const CLIENT_IP_HEADER = "x-boonees-client-ip";
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/**
 * Better Auth's log lines through ours: its fixed message, and of any error only what logError keeps
 * (its default logger prints the error whole, e.g. a failed query with the session token in it).
 */
function authLogger(log: Logger) {
  return {
    level: "warn" as const,
    log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) => {
      const text = `better-auth: ${message.replace(/\S+@\S+/g, "[email]").slice(0, 200)}`;
      const err = args.find((a) => a instanceof Error);
      if (err) logError(log, err, { source: "better-auth" }, text);
      else log[level]({ source: "better-auth" }, text);
    },
  };
}

export function createAuth(opts: { db: Db; publicUrl: string; secret: string; sendMail: SendMail; log: Logger }) {
  const publicUrl = opts.publicUrl.replace(/\/$/, "");
  return betterAuth({
    appName: "Boonees",
    logger: authLogger(opts.log),
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: { profiles, sessions, accounts, verifications },
    }),
    user: { modelName: "profiles" },
    databaseHooks: {
      // Every new account, whatever path made it, starts with the role "user".
      user: {
        create: {
          after: async (user) =>
            void (await opts.db.insert(userRoles).values({ userId: user.id, role: "user" }).onConflictDoNothing()),
        },
      },
      session: { create: { before: async (session) => void (await refuseBlockedSession(opts.db, session.userId)) } },
    },
    session: {
      modelName: "sessions",
      expiresIn: THIRTY_DAYS, // sliding: refreshed once a day while the user comes back
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false }, // every request checks the stored session, so revocation is immediate
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const link = `${publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
        await opts.sendMail({
          to: user.email,
          subject: "Boonees: Passwort zurücksetzen / reset your password",
          text:
            `Hallo ${user.name ?? ""},\n\nüber diesen Link setzt du dein Passwort zurück (1 Stunde gültig):\n${link}\n\n` +
            `Hi, use this link to reset your password (valid for 1 hour):\n${link}\n\n` +
            `Wenn du das nicht warst, ignoriere diese Mail. / If this wasn't you, ignore this mail.\n`,
        });
      },
    },
    // Sign-in and claims are throttled by our own database counters (server/domain/throttle.ts),
    // which count across instances; the auth HTTP API itself is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "boonees",
      useSecureCookies: publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
