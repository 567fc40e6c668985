/**
 * The upload rule (product decisions): which files an admin may upload and how large, in one place
 * for the server's check by content (server/uploads/process-upload.ts) and the forms' check of the
 * picked file before it is sent (the broadcast schema), so both name the same types and limits.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export const VIDEO_MIME_TYPES = ["video/mp4", "video/webm"] as const;

/** Why an upload is refused: the key under admin.upload.reason.* (which types, which limit). */
export type UploadReason = "notImage" | "notVideo" | "imageTooLarge" | "videoTooLarge" | "unreadable" | "tooManyPixels";

/**
 * What the picked file's own description already refuses: its size, and its declared type when the
 * browser names one (an unknown type is left to the check by content, which decides in the end).
 */
export function pickedFileProblem(kind: "image" | "video", file: { type: string; size: number }): UploadReason | null {
  const types: readonly string[] = kind === "image" ? IMAGE_MIME_TYPES : VIDEO_MIME_TYPES;
  const declared = file.type.split(";")[0].trim().toLowerCase();
  if (declared && declared !== "application/octet-stream" && !types.includes(declared))
    return kind === "image" ? "notImage" : "notVideo";
  if (file.size > (kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES))
    return kind === "image" ? "imageTooLarge" : "videoTooLarge";
  return null;
}
