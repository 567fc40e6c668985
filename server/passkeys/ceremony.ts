import { randomUUID } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../db/client.ts";
import { verifications } from "../db/schema.ts";
import { DomainError } from "../domain/errors.ts";

/** What a challenge was made for, kept with it on the server (the browser only signs it). */
export type ChallengeFor =
  { purpose: "signup"; name: string; email: string } | { purpose: "add"; userId: string } | { purpose: "login" };

const CHALLENGE_SECONDS = 5 * 60;

// A passkey stands in for the password (passkey-only accounts have none), so the device must have
// checked the person (fingerprint, face, PIN), not only that someone touched it: user verification
// is asked for in the options and required when an answer is verified (decision 020).

// Loaded on the first passkey ceremony, not at start-up (it is large, and Node warns about the
// experimental Web Crypto features it probes as it loads).
const webauthn = () => import("@simplewebauthn/server");

/** The relying party: this site's host and origin (PUBLIC_URL). */
export const relyingParty = (publicUrl: string) => ({
  id: new URL(publicUrl).hostname,
  origin: new URL(publicUrl).origin,
});

async function keepChallenge(db: DbOrTx, challenge: string, about: ChallengeFor) {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `passkey:${challenge}`,
    value: JSON.stringify(about),
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
}

/**
 * The challenge a browser's answer carries, taken out of the store: once only (one DELETE decides,
 * also between instances), and only within five minutes. Null: unknown, used or expired.
 */
async function takeChallenge(
  db: DbOrTx,
  clientDataJSON: string,
): Promise<{ challenge: string; about: ChallengeFor } | null> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== "string" || challenge.length > 200) return null;
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`delete from verifications where identifier = ${`passkey:${challenge}`} and expires_at > now() returning value`,
  );
  return row ? { challenge, about: JSON.parse(row.value) as ChallengeFor } : null;
}

export async function registrationOptions(
  db: DbOrTx,
  publicUrl: string,
  about: Exclude<ChallengeFor, { purpose: "login" }>,
  user: { name: string; email: string },
  exclude: { credentialId: string }[] = [],
) {
  const rp = relyingParty(publicUrl);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: "Boonees",
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    attestationType: "none",
    excludeCredentials: exclude.map((c) => ({ id: c.credentialId })),
    // a discoverable credential: signing in later needs no e-mail address
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(db, options.challenge, about);
  return options;
}

export async function authenticationOptions(db: DbOrTx, publicUrl: string) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(publicUrl).id,
    userVerification: "required",
  });
  await keepChallenge(db, options.challenge, { purpose: "login" });
  return options;
}

/** The browser's answer to a registration, read from a form field (JSON); never trusted before verification. */
export function parseResponse<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  raw: string | undefined,
): T {
  try {
    const parsed = JSON.parse(raw ?? "") as T;
    if (typeof parsed?.id === "string" && typeof parsed.response?.clientDataJSON === "string") return parsed;
  } catch {}
  throw new DomainError("passkeyFailed", 400);
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Verifies a registration against its stored challenge; returns what it was for and the new credential. */
export async function verifyRegistration(db: DbOrTx, publicUrl: string, response: RegistrationResponseJSON) {
  const taken = await takeChallenge(db, response.response.clientDataJSON);
  if (!taken || taken.about.purpose === "login") throw new DomainError("passkeyFailed", 400);
  const rp = relyingParty(publicUrl);
  const { verifyRegistrationResponse } = await webauthn();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw new DomainError("passkeyFailed", 400);
  const { credential } = result.registrationInfo;
  const created: NewCredential = {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
  return { about: taken.about, credential: created };
}

/** Verifies a sign-in answer against its stored challenge and the stored credential it names. */
export async function verifyAuthentication(
  db: DbOrTx,
  publicUrl: string,
  response: AuthenticationResponseJSON,
  stored: (credentialId: string) => Promise<NewCredential | null>,
): Promise<{ credentialId: string; newCounter: number }> {
  const taken = await takeChallenge(db, response.response.clientDataJSON);
  if (!taken || taken.about.purpose !== "login") throw new DomainError("passkeyFailed", 400);
  const credential = await stored(response.id);
  if (!credential) throw new DomainError("passkeyUnknown", 401);
  const rp = relyingParty(publicUrl);
  const { verifyAuthenticationResponse } = await webauthn();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: credential.credentialId,
      publicKey: Buffer.from(credential.publicKey, "base64url"),
      counter: credential.counter,
      transports: credential.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  if (!result?.verified) throw new DomainError("passkeyFailed", 401);
  return { credentialId: credential.credentialId, newCounter: result.authenticationInfo.newCounter };
}
