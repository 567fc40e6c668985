import { hkdfSync } from "node:crypto";

/** The two AES keys a SUN tag uses: one decrypts the PICC data (UID + counter), one makes the CMAC. */
export interface SunKeys {
  metaReadKey: Uint8Array;
  fileReadKey: Uint8Array;
}

const derive = (master: string, info: string) =>
  new Uint8Array(hkdfSync("sha256", Buffer.from(master, "hex"), "boonees-sun", info, 16));

/**
 * Keys derived from SUN_MASTER_KEY: the meta-read key is the same for every tag (the PICC data must be
 * decrypted before the UID is known), the file-read key is per tag: HKDF-SHA256(master, UID).
 * Knowing one tag's file-read key says nothing about another's.
 */
export function deriveSunKeys(masterHex: string, uid: string): SunKeys {
  return {
    metaReadKey: derive(masterHex, "meta-read"),
    fileReadKey: derive(masterHex, `file-read:${uid.toUpperCase()}`),
  };
}

export interface TagSunSettings {
  tagUid: string | null;
  sunMode: "master" | "explicit" | null;
  sunMetaKey: string | null;
  sunFileKey: string | null;
}

/** The keys of a bound tag, or null (not bound, or bound by master key while none is configured). */
export function keysOfTag(tag: TagSunSettings, masterHex: string | undefined): SunKeys | null {
  if (!tag.sunMode || !tag.tagUid) return null;
  if (tag.sunMode === "explicit") {
    if (!tag.sunMetaKey || !tag.sunFileKey) return null;
    return {
      metaReadKey: Uint8Array.from(Buffer.from(tag.sunMetaKey, "hex")),
      fileReadKey: Uint8Array.from(Buffer.from(tag.sunFileKey, "hex")),
    };
  }
  return masterHex ? deriveSunKeys(masterHex, tag.tagUid) : null;
}

export const toHex = (key: Uint8Array) => Buffer.from(key).toString("hex").toUpperCase();
