import { createCipheriv, randomBytes } from "node:crypto";

import { deriveSunKeys } from "../../server/sun/sun-keys.ts";
import { sunMac, type SunTap } from "../../server/sun/sun-message.ts";

/** What an NTAG 424 DNA tag puts into its URL on a tap: encrypted PICC data and the SUN MAC. */
export function tapParams(masterHex: string, tap: SunTap): URLSearchParams {
  const keys = deriveSunKeys(masterHex, tap.uid);
  const plain = Buffer.alloc(16);
  plain[0] = 0xc7; // UID and counter mirrored, UID length 7
  Buffer.from(tap.uid, "hex").copy(plain, 1);
  plain.writeUIntLE(tap.counter, 8, 3);
  randomBytes(5).copy(plain, 11);
  const cipher = createCipheriv("aes-128-cbc", keys.metaReadKey, Buffer.alloc(16)).setAutoPadding(false);
  const picc = Buffer.concat([cipher.update(plain), cipher.final()])
    .toString("hex")
    .toUpperCase();
  const cmac = Buffer.from(sunMac(keys.fileReadKey, tap)).toString("hex").toUpperCase();
  return new URLSearchParams({ picc_data: picc, cmac });
}

export const TEST_SUN_MASTER = "00112233445566778899AABBCCDDEEFF";
