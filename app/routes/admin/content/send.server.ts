import { broadcastFormInput, broadcastSchema } from "#shared/schemas/admin.ts";
import { broadcastContent } from "#server/domain/broadcasts/broadcast-content.ts";
import { pickedFile, storeImage, storeVideo } from "#server/uploads/process-upload.ts";
import { intent } from "~/intents.server";

/** What a sent broadcast answers besides `ok`: how many it reached. */
export type SentExtra = { count: number };

/** Send a broadcast to its audience, with its picture or video if it has one. */
export const sendRow = intent({
  input: ({ form }) => broadcastFormInput(form),
  schema: broadcastSchema,
  // Bad input is shown at its fields only.
  invalid: null,
  errors: {
    noUsers: "admin.broadcast.noUsers",
    imageUpload: "admin.create.error.image",
    videoUpload: "admin.create.error.video",
    imageRequired: "admin.broadcast.error.imageRequired",
    videoRequired: "admin.broadcast.error.videoRequired",
    linkRequired: "admin.broadcast.error.linkRequired",
    cityRequired: "admin.broadcast.error.cityRequired",
  },
  fallback: "admin.broadcast.failed",
  unexpected: "admin.broadcast.failed",
  run: async (input, { services, actor, form }) => {
    const file = pickedFile(form.get("file"));
    // Uploaded files go under exclusive/: an image is re-encoded like figure pictures, a video kept as is.
    const storeFile =
      file && (input.contentType === "image" || input.contentType === "video")
        ? () =>
            input.contentType === "image"
              ? storeImage(services.storage, file, "exclusive")
              : storeVideo(services.storage, file, "exclusive")
        : undefined;
    const result = await broadcastContent(
      services.db,
      actor(),
      { ...input, linkUrl: input.linkUrl || null },
      { storeFile },
    );
    return { count: result.count } satisfies SentExtra;
  },
});
