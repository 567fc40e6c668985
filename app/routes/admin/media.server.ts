import type { Services } from "#server/services.ts";
import { pickedFile, storeImage, storeVideo } from "#server/uploads/process-upload.ts";
import { refusal } from "~/guards.server";

import { ADMIN_KEYS } from "./admin-intents.server";

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

/**
 * Only for the admin pages not yet on `intentAction` (content, claims, figures; decision 054).
 * The refusal of an admin action (`refusal` with the admin names): the code's key from `keys`, else
 * `admin.error.forbidden` / `admin.error.unauthorized`, else `fallback`; an upload's reason; anything
 * unexpected is logged and answered as `admin.error.unexpected` (500).
 */
export function adminRefusal(
  e: unknown,
  keys: Record<string, string>,
  fallback: string,
  report?: { log: Services["log"]; request: Request },
) {
  return refusal(e, {
    keys: { ...ADMIN_KEYS, ...keys },
    fallback,
    reasonPrefix: "admin.upload.reason.",
    unexpected: "admin.error.unexpected",
    report: report && { ...report, message: "admin action failed" },
  });
}
