import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { APIError } from "better-auth/api";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { langFromCookieHeader } from "#shared/i18n-config.ts";

import { ACCOUNT_BLOCKED, blockedRefusal } from "../../auth/blocked.ts";
import { startSession } from "../../auth/start-session.ts";
import { queryRows, type DbOrTx } from "../../db/client.ts";
import { passkeys, profiles } from "../../db/schema.ts";
import {
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
  type NewCredential,
} from "../../passkeys/ceremony.ts";
import { deviceName } from "../../passkeys/device-name.ts";
import type { Services } from "../../services.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { giveBack, hit, hitAll, minutesToWait, type ThrottleRule } from "../throttle.ts";
import { mailEmailConfirmation } from "./confirm-email.ts";
import { clientAddress, countSignUp, mailOwner, type SignUpResult } from "./sign-in.ts";

type PasskeyServices = Pick<Services, "db" | "auth" | "sendMail" | "config" | "log">;

/**
 * Options requests per client address: each stores a challenge row, so they are counted like
 * sign-ups (generous: phones on one carrier share addresses), whatever the intent (decision 007).
 */
export const PASSKEY_OPTIONS_RULE: ThrottleRule = { limit: 60, windowSeconds: 10 * 60 };

/** Counts one `/passkeys/options` request against its address; refused ("tooMany") past the budget. */
export async function countPasskeyOptions(services: Pick<Services, "db">, headers: Headers) {
  const counted = await hit(services.db, `passkey-options:ip:${clientAddress(headers)}`, PASSKEY_OPTIONS_RULE);
  if (!counted.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([counted]) });
}

/** Options for a new account's passkey (sign-up while claiming): name and e-mail are kept with the challenge. */
export function signUpPasskeyOptions(services: PasskeyServices, input: { name: string; email: string }) {
  return registrationOptions(
    services.db,
    services.config.PUBLIC_URL,
    { purpose: "signup", name: input.name, email: input.email.toLowerCase() },
    input,
  );
}

/** Options for one more passkey of the signed-in account. */
export async function addPasskeyOptions(services: PasskeyServices, actor: Actor | null) {
  assertSignedIn(actor);
  const [me] = await services.db
    .select({ name: profiles.name, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, actor.id));
  const existing = await services.db
    .select({ credentialId: passkeys.credentialId })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id));
  return registrationOptions(
    services.db,
    services.config.PUBLIC_URL,
    { purpose: "add", userId: actor.id },
    { name: me?.name ?? me?.email ?? "", email: me?.email ?? "" },
    existing,
  );
}

export const signInPasskeyOptions = (services: PasskeyServices) =>
  authenticationOptions(services.db, services.config.PUBLIC_URL);

/** Where a new passkey is made: the request's headers and the model the browser's client hints named (a form field). */
export interface PasskeyDevice {
  headers: Headers;
  model?: string | null;
}

/**
 * A new passkey's name: its device ("iPhone (Safari)", a second one "iPhone (Safari) 2"), or
 * "Passkey N" where the device is not known.
 */
async function nextName(db: DbOrTx, userId: string, device: PasskeyDevice | undefined) {
  const taken = new Set(
    (await db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, userId))).map((p) => p.name),
  );
  const base = device
    ? deviceName(device.headers.get("user-agent"), device.model ?? device.headers.get("sec-ch-ua-model"))
    : null;
  if (!base) return `Passkey ${taken.size + 1}`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
  return name;
}

/** `usedNow`: the passkey signs in as it is made (a passkey sign-up), so it is "used", not "never used". */
const store = async (
  db: DbOrTx,
  userId: string,
  c: NewCredential,
  device: PasskeyDevice | undefined,
  usedNow = false,
) =>
  db.insert(passkeys).values({
    userId,
    credentialId: c.credentialId,
    publicKey: c.publicKey,
    counter: c.counter,
    transports: c.transports,
    name: await nextName(db, userId, device),
    lastUsedAt: usedNow ? sql`now()` : null,
  });

/**
 * Keeps a passkey's last use and its signature counter, which only ever grows: two sign-ins that
 * race were both checked against the counter stored before either, and the slower one may carry
 * the lower number; it must not set the counter back (that would let a replayed or cloned answer
 * with a number in between pass the next check).
 */
async function recordUse(db: DbOrTx, credentialId: string, newCounter: number) {
  await db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${newCounter})`, lastUsedAt: sql`now()` })
    .where(eq(passkeys.credentialId, credentialId));
}

/**
 * A new account with a passkey and no password: the passkey is verified against the challenge that
 * kept the name and e-mail, then the account (role "user" by the auth hook), its passkey and a
 * session; the address is mailed a confirmation link (until it is followed, or a password is reset
 * from the mailbox, which removes the passkey, the address is not proven: decision 022). An e-mail
 * that has an account is treated as the password sign-up treats it (its owner
 * gets a mail, the answer is "mailed"); the passkey just made is then not stored.
 */
export async function signUpWithPasskey(
  services: PasskeyServices,
  response: RegistrationResponseJSON,
  headers: Headers,
  /** the model the browser's client hints named, if any (it names the passkey) */
  model?: string | null,
): Promise<SignUpResult> {
  await countSignUp(services, headers);
  const { about, credential } = await verifyRegistration(services.db, services.config.PUBLIC_URL, response);
  if (about.purpose !== "signup") throw new DomainError("passkeyFailed", 400);
  const ctx = await services.auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(about.email)) {
    await mailOwner(services, about.email);
    return { status: "mailed" };
  }
  const user = await ctx.internalAdapter.createUser(
    { name: about.name, email: about.email, emailVerified: false },
    { method: "passkey" },
  );
  await store(services.db, user.id, credential, { headers, model }, true);
  await mailEmailConfirmation(
    services,
    { id: user.id, name: about.name, email: about.email },
    langFromCookieHeader(headers.get("cookie")),
  );
  const cookie = await startSession(services.auth, user.id, headers);
  return { status: "created", headers: new Headers([["set-cookie", cookie]]), userId: user.id };
}

/** One more passkey for the signed-in account (also a password account), named after `device` where known. */
export async function addPasskey(
  services: PasskeyServices,
  actor: Actor | null,
  response: RegistrationResponseJSON,
  device?: PasskeyDevice,
) {
  assertSignedIn(actor);
  const { about, credential } = await verifyRegistration(services.db, services.config.PUBLIC_URL, response);
  if (about.purpose !== "add" || about.userId !== actor.id) throw new DomainError("passkeyFailed", 400);
  await store(services.db, actor.id, credential, device);
}

/**
 * Signs in with a passkey: the answer must sign a challenge this site gave out (once, five minutes)
 * with a stored passkey of an account that is not deleted; its counter and last use are kept. Failed
 * attempts count per address like wrong passwords (decision 007). Returns the new session's cookie.
 */
export async function signInWithPasskey(
  services: PasskeyServices,
  response: AuthenticationResponseJSON,
  headers: Headers,
) {
  const reserved = await hitAll(services.db, [`signin:ip:${clientAddress(headers)}`]);
  if (!reserved.allowed) throw new DomainError("tooMany", 429, { minutes: reserved.minutes });
  let userId = "";
  const { credentialId, newCounter } = await verifyAuthentication(
    services.db,
    services.config.PUBLIC_URL,
    response,
    async (id) => {
      const [row] = await services.db
        .select({
          userId: passkeys.userId,
          credentialId: passkeys.credentialId,
          publicKey: passkeys.publicKey,
          counter: passkeys.counter,
          transports: passkeys.transports,
        })
        .from(passkeys)
        .innerJoin(profiles, eq(profiles.id, passkeys.userId))
        .where(and(eq(passkeys.credentialId, id), isNull(profiles.deletedAt)));
      userId = row?.userId ?? "";
      return row ?? null;
    },
  );
  await recordUse(services.db, credentialId, newCounter);
  await giveBack(services.db, reserved.hits);
  try {
    const cookie = await startSession(services.auth, userId, headers);
    return { headers: new Headers([["set-cookie", cookie]]), userId };
  } catch (e) {
    if (e instanceof APIError && (e.body as { code?: string } | undefined)?.code === ACCOUNT_BLOCKED)
      throw blockedRefusal(services.config);
    throw e;
  }
}

export interface OwnPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listOwnPasskeys(db: DbOrTx, actor: Actor | null): Promise<OwnPasskey[]> {
  assertSignedIn(actor);
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Renames one of the actor's own passkeys (another's id changes nothing and says "not found"). */
export async function renamePasskey(db: DbOrTx, actor: Actor | null, input: { id: string; name: string }) {
  assertSignedIn(actor);
  const done = await db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (done.length === 0) throw new DomainError("notFound", 404);
}

/**
 * Removes one of the actor's own passkeys; never the last way in: an account without a password keeps
 * at least one passkey.
 */
export async function removePasskey(services: Pick<Services, "db">, actor: Actor | null, input: { id: string }) {
  assertSignedIn(actor);
  await services.db.transaction(async (tx) => {
    const mine = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, actor.id)).for("update");
    if (!mine.some((p) => p.id === input.id)) throw new DomainError("notFound", 404);
    if (mine.length === 1 && !(await hasPassword(tx, actor.id))) throw new DomainError("lastPasskey", 409);
    await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, actor.id)));
  });
}

/** Proves that the signed-in person holds one of this account's passkeys (e.g. before deleting it). */
export async function confirmWithOwnPasskey(
  services: Pick<Services, "db" | "config">,
  actor: Actor | null,
  response: AuthenticationResponseJSON,
) {
  assertSignedIn(actor);
  const { credentialId, newCounter } = await verifyAuthentication(
    services.db,
    services.config.PUBLIC_URL,
    response,
    async (id) => {
      const [row] = await services.db
        .select({
          credentialId: passkeys.credentialId,
          publicKey: passkeys.publicKey,
          counter: passkeys.counter,
          transports: passkeys.transports,
        })
        .from(passkeys)
        .where(and(eq(passkeys.credentialId, id), eq(passkeys.userId, actor.id)));
      return row ?? null;
    },
  );
  await recordUse(services.db, credentialId, newCounter);
}

/** Whether the account can sign in with a password (passkey-only accounts cannot). */
export async function hasPassword(db: DbOrTx, userId: string) {
  const [{ yes }] = await queryRows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from accounts where user_id = ${userId} and provider_id = 'credential' and password is not null) as yes`,
  );
  return yes;
}
