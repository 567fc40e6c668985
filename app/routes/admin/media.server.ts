import { DomainError } from "#server/domain/errors.ts";
import { logError } from "#server/log-error.ts";
import type { Services } from "#server/services.ts";
import { pickedFile, storeImage, storeVideo } from "#server/uploads/process-upload.ts";

/**
 * Stores the image and video of a figure form (multipart), each checked by content. A refusal throws
 * DomainError "imageUpload" / "videoUpload" (the spec's 'Failed to upload image' / '… video').
 */
export async function storeFigureMedia(services: Services, form: FormData) {
  const image = pickedFile(form.get("image"));
  const video = pickedFile(form.get("video"));
  const imageUrl = image ? await storeImage(services.storage, image, "images") : undefined;
  const welcomeVideoUrl = video ? await storeVideo(services.storage, video, "videos") : undefined;
  return { imageUrl, welcomeVideoUrl };
}

/** The answer of a refused admin action: a translation key, its params and the HTTP status. */
export function refusal(e: unknown, keys: Record<string, string>, fallback: string, report?: { log: Services["log"]; request: Request }) {
  if (e instanceof DomainError) {
    const key = keys[e.code] ?? (e.code === "forbidden" || e.code === "unauthorized" ? `admin.error.${e.code}` : fallback);
    const reason = typeof e.params?.reason === "string" ? `admin.upload.reason.${e.params.reason}` : null;
    return { error: key, reason, status: e.status };
  }
  if (report) logError(report.log, e, { request: report.request }, "admin action failed");
  return { error: "admin.error.unexpected", reason: null, status: 500 };
}
