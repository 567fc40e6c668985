import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

import { assertSafeKey, type Storage } from "./storage.ts";

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * Uploads in an S3-compatible bucket. Files are still served by the app at /uploads/<key> (same
 * URLs as the local driver, sniffed content type, our security headers), so a private bucket works.
 */
export function createS3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: key, Body: bytes, ContentType: contentType }));
      return `/uploads/${key}`;
    },
    async get(key) {
      try {
        assertSafeKey(key);
      } catch {
        return null;
      }
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
        if (!out.Body) return null;
        return { body: out.Body.transformToWebStream() as ReadableStream, size: Number(out.ContentLength ?? 0) };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async has(key) {
      try {
        assertSafeKey(key);
      } catch {
        return false;
      }
      try {
        await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
        return true;
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: opts.bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? [])
          if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0), modifiedAt: o.LastModified ?? new Date() };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a missing key with success too
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
  };
}

/** A missing key: GetObject says NoSuchKey, HeadObject (no body) only its status 404 ("NotFound"). */
const isNotFound = (e: unknown) =>
  e instanceof NoSuchKey ||
  (e as { name?: string }).name === "NoSuchKey" ||
  (e as { name?: string }).name === "NotFound" ||
  (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
