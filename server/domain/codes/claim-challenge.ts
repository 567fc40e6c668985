import { createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { throttleKey } from "../throttle.ts";

/**
 * The proof of work a locked address pays per claim attempt (decision 014): about 25,000 SHA-256
 * hashes on average, 1–3 s on a phone, paid again for every further guess.
 */
export const CHALLENGE_MAX_NUMBER = 50_000;
/** Every this many wrong codes checked behind a lock double the next challenge's work (decision 039)… */
export const CHALLENGE_DOUBLING_STEP = 5;
/** …up to this many times (64×: about a minute on a phone, 1–2 s on a server core). */
export const CHALLENGE_MAX_DOUBLINGS = 6;

/** The work of the next challenge after `excess` wrong codes checked behind the lock of an address or network. */
export const challengeMaxNumber = (excess: number) =>
  CHALLENGE_MAX_NUMBER *
  2 ** Math.min(CHALLENGE_MAX_DOUBLINGS, Math.floor(Math.max(0, excess) / CHALLENGE_DOUBLING_STEP));
const CHALLENGE_SECONDS = 10 * 60;
/** How long a passed challenge lets the finder go on with that one (valid) code: sign-up takes a while. */
const PASS_SECONDS = 30 * 60;

/** What the browser needs to solve a challenge (altcha's format). */
export interface ClaimChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

// The session secret is never used as it is: each purpose gets its own key derived from it.
const keyFor = (secret: string, purpose: string) =>
  createHmac("sha256", secret).update(`boonees:${purpose}`).digest("hex");

export async function createClaimChallenge(secret: string, maxNumber = CHALLENGE_MAX_NUMBER): Promise<ClaimChallenge> {
  const c = await createChallenge({
    hmacKey: keyFor(secret, "claim-challenge"),
    maxNumber,
    expires: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return {
    algorithm: c.algorithm,
    challenge: c.challenge,
    maxnumber: c.maxnumber ?? maxNumber,
    salt: c.salt,
    signature: c.signature,
  };
}

/**
 * Accepts a solved challenge once: signed by us, not expired, and not seen before. Spent ones are
 * remembered in `rate_limits` until they expire, so every instance refuses a replay.
 */
export async function spendClaimChallenge(db: DbOrTx, secret: string, payload: string): Promise<boolean> {
  let ok = false;
  try {
    ok = await verifySolution(payload, keyFor(secret, "claim-challenge"), true);
  } catch {
    return false; // not altcha's base64 JSON
  }
  if (!ok) return false;
  const { signature } = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature: string };
  const expires = Number(extractParams(payload).expires) || Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into rate_limits (key, count, window_start, expires_at) values (${throttleKey(`claim:pow:${signature}`)}, 1, now(), to_timestamp(${expires}))
      on conflict (key) do nothing returning key`,
  );
  return rows.length === 1;
}

const passMac = (secret: string, code: string, expires: number) =>
  createHmac("sha256", keyFor(secret, "claim-pass")).update(`${code}|${expires}`).digest("base64url");

/** A short-lived pass for one code whose challenge was passed and which was found (so it is no guess). */
export function createClaimPass(secret: string, code: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PASS_SECONDS;
  return `${expires}.${passMac(secret, code, expires)}`;
}

export function verifyClaimPass(secret: string, code: string, pass: string | null | undefined, now = Date.now()) {
  const [expiresText, mac] = (pass ?? "").split(".");
  const expires = Number(expiresText);
  if (!mac || !Number.isInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(passMac(secret, code, expires));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
