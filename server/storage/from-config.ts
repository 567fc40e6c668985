import path from "node:path";

import type { Config } from "../config.ts";
import { createS3Storage } from "./s3.ts";
import { createLocalStorage, type Storage } from "./storage.ts";

/** The configured bucket (S3_*), or undefined without S3_BUCKET. */
export function bucketStorage(config: Config): Storage | undefined {
  if (!config.S3_BUCKET) return undefined;
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** This instance's DATA_DIR/uploads. */
export const localUploads = (config: Config): Storage => createLocalStorage(path.join(config.dataDir, "uploads"));

/** Where the app keeps uploads: the bucket when configured, else DATA_DIR/uploads. */
export const storageFromConfig = (config: Config): Storage => bucketStorage(config) ?? localUploads(config);
