import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createS3Storage } from "../../server/storage/s3.ts";
import { assertSafeKey, createLocalStorage, type Storage } from "../../server/storage/storage.ts";

const bytes = new TextEncoder().encode("boonee bytes");
const read = async (s: Storage, key: string) => {
  const obj = await s.get(key);
  return obj ? new TextDecoder().decode(new Uint8Array(await new Response(obj.body).arrayBuffer())) : null;
};

// An S3-compatible server from an npm package, started by the test itself on loopback.
let s3server: S3rver;
let s3: Storage;
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return; // storage does not depend on the database: run once
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "s3rver-")),
    configureBuckets: [{ name: "boonees-test", configs: [] }],
  });
  const { port } = (await s3server.run()) as unknown as { port: number };
  s3 = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "boonees-test",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});
afterAll(async () => s3server?.close());

describe.skipIf(!!process.env.TEST_DATABASE_URL)("storage drivers", () => {
  it("stores and reads back an object on the S3-compatible server with the same URL form as local", async () => {
    const url = await s3.put("images/abc-123.webp", bytes, "image/webp");
    expect(url).toBe("/uploads/images/abc-123.webp");
    expect(await read(s3, "images/abc-123.webp")).toBe("boonee bytes");
    expect(await s3.get("images/missing.webp")).toBeNull();
  });

  it("stores and reads back on the local disk", async () => {
    const local = createLocalStorage(mkdtempSync(path.join(tmpdir(), "uploads-")));
    expect(await local.put("exclusive/x-1.png", bytes, "image/png")).toBe("/uploads/exclusive/x-1.png");
    expect(await read(local, "exclusive/x-1.png")).toBe("boonee bytes");
  });

  it.each(["../etc/passwd", "images/../../secret", "/abs/path", "images/a b", "images\\..\\x", "nofolder.png"])(
    "refuses the unsafe key %s",
    async (key) => {
      expect(() => assertSafeKey(key)).toThrow();
      const local = createLocalStorage(mkdtempSync(path.join(tmpdir(), "uploads-")));
      await expect(local.put(key, bytes, "image/png")).rejects.toThrow();
      expect(await local.get(key)).toBeNull();
      await expect(s3.put(key, bytes, "image/png")).rejects.toThrow();
    },
  );
});
