import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, VIDEO_MAX_BYTES, type VIDEO_MIME_TYPES } from "#shared/upload-rules.ts";

import { DomainError } from "../domain/errors.ts";
import type { Storage } from "../storage/storage.ts";

/** Upload rules (product decisions): checked by content, never by the file's name or declared type. */
/** Pixel-flood protection: a tiny file that decodes to a gigantic canvas is refused (40 MP, ≈ 7300 × 5500). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const DETAIL_SIZE = 800;
export const CARD_SIZE = 400;

const IMAGE_TYPES = new Set<string>(IMAGE_MIME_TYPES);
const VIDEO_TYPES: Record<(typeof VIDEO_MIME_TYPES)[number], string> = { "video/mp4": "mp4", "video/webm": "webm" };

export type ImagePrefix = "images" | "exclusive" | "stories" | "hints";
export type VideoPrefix = "videos" | "exclusive";

/** A file field of a multipart form: a File, or nothing when the picker was left empty. */
export function pickedFile(value: FormDataEntryValue | null): File | null {
  if (!value || typeof value === "string") return null;
  return value.size > 0 ? value : null;
}

async function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** What the bytes really are (by their magic numbers), or undefined. */
export async function sniff(bytes: Uint8Array) {
  return fileTypeFromBuffer(bytes);
}

/** An image checked and re-encoded, not stored yet: both sizes as WebP. */
export interface PreparedImage {
  detail: Buffer;
  card: Buffer;
}

/**
 * Checks an image by content and re-encodes it to WebP in two sizes (≤ 800 px for the detail page,
 * ≤ 400 px for cards), which also drops EXIF data such as GPS positions. Writes nothing, so a form
 * with several files can refuse a bad one before any is stored. Refuses with DomainError "imageUpload".
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  if (file.size > IMAGE_MAX_BYTES) throw new DomainError("imageUpload", 413, { reason: "imageTooLarge" });
  const bytes = await bytesOf(file);
  const type = await sniff(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new DomainError("imageUpload", 415, { reason: "notImage" });
  // The header's dimensions first: a small file may claim a gigantic canvas (decompression bomb).
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new DomainError("imageUpload", 422, { reason: "unreadable" });
  if (meta.width * meta.height > IMAGE_MAX_PIXELS)
    throw new DomainError("imageUpload", 413, { reason: "tooManyPixels" });
  try {
    const input = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).rotate();
    // Without .keepMetadata()/.withMetadata() sharp writes no EXIF, XMP or ICC beyond sRGB.
    const detail = await input
      .clone()
      .resize(DETAIL_SIZE, DETAIL_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const card = await input
      .clone()
      .resize(CARD_SIZE, CARD_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { detail, card };
  } catch {
    throw new DomainError("imageUpload", 422, { reason: "unreadable" });
  }
}

/** Stores a prepared image as "<prefix>/<uuid>.webp" and "<prefix>/<uuid>-card.webp"; returns the detail image's URL. */
export async function putImage(storage: Storage, image: PreparedImage, prefix: ImagePrefix): Promise<string> {
  const key = `${prefix}/${randomUUID()}`;
  await storage.put(`${key}-card.webp`, image.card, "image/webp");
  return storage.put(`${key}.webp`, image.detail, "image/webp");
}

/** Checks, re-encodes and stores one image (prepareImage, then putImage). Returns the detail image's URL. */
export async function storeImage(storage: Storage, file: Blob, prefix: ImagePrefix = "images"): Promise<string> {
  return putImage(storage, await prepareImage(file), prefix);
}

/** Checks a video by content (MP4 or WebM, ≤ 100 MB) and stores it as it is. Refuses with "videoUpload". */
export async function storeVideo(storage: Storage, file: Blob, prefix: VideoPrefix = "videos"): Promise<string> {
  if (file.size > VIDEO_MAX_BYTES) throw new DomainError("videoUpload", 413, { reason: "videoTooLarge" });
  const bytes = await bytesOf(file);
  const type = await sniff(bytes);
  const ext = type ? VIDEO_TYPES[type.mime as keyof typeof VIDEO_TYPES] : undefined;
  if (!type || !ext) throw new DomainError("videoUpload", 415, { reason: "notVideo" });
  return storage.put(`${prefix}/${randomUUID()}.${ext}`, bytes, type.mime);
}
