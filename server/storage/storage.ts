import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

export interface StoredObject {
  body: ReadableStream;
  size: number;
}

/** Where uploaded files live. Keys look like "images/ab12….webp"; URLs are served by the app. */
export interface Storage {
  /** "local": DATA_DIR/uploads of this instance only; "s3": one bucket for every instance. */
  kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  get(key: string): Promise<StoredObject | null>;
  /** Whether the object is there, without reading it (the readiness check's sample). */
  has(key: string): Promise<boolean>;
  /** Every stored key with its size and when it was written (moving uploads, the orphan sweep). */
  list(): AsyncIterable<StoredKey>;
  /** Removes the object; a key that is not there (any more) is no error. */
  delete(key: string): Promise<void>;
}

export interface StoredKey {
  key: string;
  size: number;
  modifiedAt: Date;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/i;

/** Keys are made by the app, never by users; still, nothing may leave the uploads directory. */
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): Storage {
  return {
    kind: "local",
    async put(key, bytes) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600 });
      return `/uploads/${key}`;
    },
    async get(key) {
      try {
        assertSafeKey(key);
      } catch {
        return null;
      }
      const file = path.join(root, key);
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream, size: s.size };
      } catch {
        return null;
      }
    },
    async has(key) {
      try {
        assertSafeKey(key);
      } catch {
        return false;
      }
      const s = await stat(path.join(root, key)).catch(() => null);
      return !!s?.isFile();
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (!SAFE_KEY.test(key)) continue;
        const s = await stat(path.join(root, key)).catch(() => null); // deleted meanwhile
        if (s) yield { key, size: s.size, modifiedAt: s.mtime };
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
  };
}
