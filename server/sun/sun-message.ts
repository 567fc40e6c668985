import { createDecipheriv, timingSafeEqual } from "node:crypto";
import { cmac } from "@noble/ciphers/aes.js";

/**
 * Secure Unique NFC (SUN) messages of NTAG 424 DNA tags in AES mode, as NXP's AN12196 describes
 * them: each tap mirrors the tag's UID and its tap counter into the URL, either encrypted
 * (`picc_data`) or in plain (`uid` + `ctr`), followed by a CMAC over them made with a session key
 * derived from the tag's file-read key. Pure functions: which keys belong to which tag and whether
 * the counter moved forward is the caller's business.
 */

export type SunFailure = "malformed" | "lrp" | "bad-mac" | "bad-picc";
export interface SunTap {
  /** 7-byte UID, upper-case hex */
  uid: string;
  /** the tag's SDM read counter at this tap */
  counter: number;
}
export type SunResult = ({ ok: true } & SunTap) | { ok: false; reason: SunFailure };

const HEX = /^[0-9a-fA-F]*$/;
const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));
const isHex = (hex: string, bytes: number) => hex.length === bytes * 2 && HEX.test(hex);

/** AES-128 of one block in CBC with a zero IV, as the tag encrypts PICC data. */
function decryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array {
  const decipher = createDecipheriv("aes-128-cbc", key, Buffer.alloc(16)).setAutoPadding(false);
  return Uint8Array.from(Buffer.concat([decipher.update(block), decipher.final()]));
}

/** The encrypted PICC data: tag byte (UID and counter mirrored, UID length 7), UID, counter (LSB first). */
export function decryptPiccData(piccDataHex: string, metaReadKey: Uint8Array): SunTap | null {
  const plain = decryptBlock(metaReadKey, fromHex(piccDataHex));
  const tag = plain[0];
  const mirrorsUid = (tag & 0x80) !== 0;
  const mirrorsCounter = (tag & 0x40) !== 0;
  if (!mirrorsUid || !mirrorsCounter || (tag & 0x0f) !== 7) return null;
  const uid = Buffer.from(plain.subarray(1, 8)).toString("hex").toUpperCase();
  const counter = plain[8] | (plain[9] << 8) | (plain[10] << 16);
  return { uid, counter };
}

/** The 8-byte SUN MAC: CMAC with the session key from SV2, truncated to its odd-numbered bytes. */
export function sunMac(fileReadKey: Uint8Array, tap: SunTap, macInput: Uint8Array = new Uint8Array()): Uint8Array {
  const sv2 = new Uint8Array(16);
  sv2.set([0x3c, 0xc3, 0x00, 0x01, 0x00, 0x80]);
  sv2.set(fromHex(tap.uid), 6);
  sv2.set([tap.counter & 0xff, (tap.counter >> 8) & 0xff, (tap.counter >> 16) & 0xff], 13);
  const sessionKey = cmac(sv2, fileReadKey);
  const full = cmac(macInput, sessionKey);
  return full.filter((_, i) => i % 2 === 1);
}

function macMatches(fileReadKey: Uint8Array, tap: SunTap, macHex: string, macInput: string): boolean {
  const expected = sunMac(fileReadKey, tap, new TextEncoder().encode(macInput));
  return timingSafeEqual(Buffer.from(expected), Buffer.from(macHex, "hex"));
}

/**
 * Encrypted PICC mode: `picc_data` (16 bytes, AES; 24 bytes would be LRP, which we do not accept),
 * `cmac` (8 bytes). `macInput` is the part of the URL the tag MACs (empty when the CMAC directly
 * follows the PICC data; e.g. "<enc>&cmac=" when encrypted file data is mirrored too).
 * `fileReadKeyOf` gives the file-read key of the tag with that UID (null: unknown tag).
 */
export function verifyEncryptedSun(
  input: { piccData: string; cmac: string; macInput?: string },
  metaReadKey: Uint8Array,
  fileReadKeyOf: (uid: string) => Uint8Array | null,
): SunResult {
  if (isHex(input.piccData, 24)) return { ok: false, reason: "lrp" };
  if (!isHex(input.piccData, 16) || !isHex(input.cmac, 8)) return { ok: false, reason: "malformed" };
  const tap = decryptPiccData(input.piccData, metaReadKey);
  if (!tap) return { ok: false, reason: "bad-picc" };
  const key = fileReadKeyOf(tap.uid);
  if (!key || !macMatches(key, tap, input.cmac, input.macInput ?? "")) return { ok: false, reason: "bad-mac" };
  return { ok: true, ...tap };
}

/** Plain mirror mode: `uid` (7 bytes hex), `ctr` (3 bytes hex, most significant first), `cmac`. */
export function verifyPlainSun(
  input: { uid: string; ctr: string; cmac: string; macInput?: string },
  fileReadKeyOf: (uid: string) => Uint8Array | null,
): SunResult {
  if (!isHex(input.uid, 7) || !isHex(input.ctr, 3) || !isHex(input.cmac, 8)) return { ok: false, reason: "malformed" };
  const tap = { uid: input.uid.toUpperCase(), counter: parseInt(input.ctr, 16) };
  const key = fileReadKeyOf(tap.uid);
  if (!key || !macMatches(key, tap, input.cmac, input.macInput ?? "")) return { ok: false, reason: "bad-mac" };
  return { ok: true, ...tap };
}
