import { createHash } from "node:crypto";

import type { ClaimChallenge } from "../../server/domain/codes/claim-challenge.ts";

/** What the browser's solver (public/claim-challenge.js) sends: altcha's payload, base64 JSON. */
export function solvedChallenge(c: ClaimChallenge) {
  let number = 0;
  while (
    createHash("sha256")
      .update(c.salt + number)
      .digest("hex") !== c.challenge
  )
    number++;
  if (number > c.maxnumber) throw new Error(`solution ${number} above the challenge's ${c.maxnumber}`);
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
  ).toString("base64");
}
