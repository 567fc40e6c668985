import { createHash } from "node:crypto";

import type { Storage } from "./storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  pdf: "application/pdf",
};

export interface MoveUploadsResult {
  copied: number;
  /** Already in the target with the same size and hash (a second run copies nothing). */
  unchanged: number;
  bytes: number;
}

async function read(storage: Storage, key: string) {
  const obj = await storage.get(key);
  return obj ? new Uint8Array(await new Response(obj.body).arrayBuffer()) : null;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Copies every object of `from` into `to` under the same key, so the `/uploads/<key>` URLs the database
 * holds stay right. Each copy is read back and compared by size and hash; an object already there with
 * the same size and hash is left alone. The source is never changed. `only`: the keys to copy (default all).
 */
export async function moveUploads(
  from: Storage,
  to: Storage,
  onObject?: (key: string, copied: boolean) => void,
  only: (key: string) => boolean = () => true,
): Promise<MoveUploadsResult> {
  const result: MoveUploadsResult = { copied: 0, unchanged: 0, bytes: 0 };
  for await (const { key } of from.list()) {
    if (!only(key)) continue;
    const bytes = await read(from, key);
    if (!bytes) continue; // deleted meanwhile
    const hash = sha256(bytes);
    const existing = await read(to, key);
    if (existing && existing.length === bytes.length && sha256(existing) === hash) {
      result.unchanged++;
      onObject?.(key, false);
      continue;
    }
    await to.put(key, bytes, CONTENT_TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream");
    const written = await read(to, key);
    if (!written || written.length !== bytes.length || sha256(written) !== hash)
      throw new Error(`${key}: the copy differs from the original`);
    result.copied++;
    result.bytes += bytes.length;
    onObject?.(key, true);
  }
  return result;
}
