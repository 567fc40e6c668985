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
