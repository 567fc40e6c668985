import { data } from "react-router";

import { validate, type FieldErrors } from "#shared/forms.ts";
import { broadcastFormInput, broadcastSchema } from "#shared/schemas/admin.ts";
import { broadcastContent } from "#server/domain/broadcasts/broadcast-content.ts";
import { pickedFile, storeImage, storeVideo } from "#server/uploads/process-upload.ts";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";

/** What sending a broadcast answers the page (its action data). */
export type BroadcastResult =
  | { ok: true; count: number; at: number }
  | { ok: false; errors: FieldErrors; error: string | null; reason: string | null };

/** Send a broadcast to its audience, with its picture or video if it has one. */
export async function sendAction({ services, actor, form, request }: AdminActionArgs) {
  const parsed = validate(broadcastSchema, broadcastFormInput(form));
  if (!parsed.ok)
    return data<BroadcastResult>({ ok: false, errors: parsed.errors, error: null, reason: null }, { status: 400 });
  const input = parsed.data;
  const file = pickedFile(form.get("file"));
  // Uploaded files go under exclusive/: an image is re-encoded like figure pictures, a video kept as is.
  const storeFile =
    file && (input.contentType === "image" || input.contentType === "video")
      ? () =>
          input.contentType === "image"
            ? storeImage(services.storage, file, "exclusive")
            : storeVideo(services.storage, file, "exclusive")
      : undefined;
  try {
    const result = await broadcastContent(
      services.db,
      actor,
      { ...input, linkUrl: input.linkUrl || null },
      { storeFile },
    );
    return data<BroadcastResult>({ ok: true, count: result.count, at: Date.now() });
  } catch (e) {
    const r = adminRefusal(
      e,
      {
        noUsers: "admin.broadcast.noUsers",
        imageUpload: "admin.create.error.image",
        videoUpload: "admin.create.error.video",
        imageRequired: "admin.broadcast.error.imageRequired",
        videoRequired: "admin.broadcast.error.videoRequired",
        linkRequired: "admin.broadcast.error.linkRequired",
        cityRequired: "admin.broadcast.error.cityRequired",
      },
      "admin.broadcast.failed",
      { log: services.log, request },
    );
    // An upload's reason (which types, which limit) is the file field's own error as well.
    return data<BroadcastResult>(
      {
        ok: false,
        errors: r.reason ? { file: r.reason } : {},
        error: r.error === "admin.error.unexpected" ? "admin.broadcast.failed" : r.error,
        reason: r.reason,
      },
      { status: r.status },
    );
  }
}
