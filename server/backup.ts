import { createHmac, timingSafeEqual } from "node:crypto";

/** The token the CLI sends to the running server to ask for a backup (derived from the session secret). */
export function controlToken(sessionSecret: string) {
  return createHmac("sha256", sessionSecret).update("boonees-control-v1").digest("hex");
}

export function isValidControlToken(sessionSecret: string, given: string | undefined) {
  if (!given) return false;
  const expected = Buffer.from(controlToken(sessionSecret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
