import { redirect } from "react-router";
import { flashCookie, type Flash } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { addStoryPhotos } from "#server/domain/stories/story-photos.ts";
import { pickedFile } from "#server/uploads/process-upload.ts";

const back = (figureId: string | undefined, key: string, kind: Flash["kind"]) =>
  redirect(`/boonee/${figureId}#stories`, { status: 303, headers: { "set-cookie": flashCookie(key, kind) } });

const ERRORS = { noPhoto: "noPhoto", tooManyPhotos: "tooManyPhotos", imageUpload: "imageUpload", forbidden: "forbidden", notFound: "forbidden", tooMany: "tooMany" };

/**
 * The author of a finder story adds up to 3 photos (a plain multipart form on the figure page). The
 * body limit for this route is in server/http.ts (signed in only). Always answers with a redirect back
 * (signed out: to the sign-in).
 */
export const action = intentAction(
  {
    addPhotos: intent({
      errors: Object.fromEntries(Object.entries(ERRORS).map(([code, key]) => [code, `story.photoError.${key}`])),
      fallback: "story.photoError.failed",
      unexpected: "story.photoError.failed",
      refused: (failure, { params }) =>
        failure.status === 401 ? redirect(`/auth?redirect=/boonee/${params.id}`) : back(params.id, failure.error ?? "story.photoError.failed", "error"),
      run: async (fields, { services, actor, params, form }) => {
        const files = form.getAll("photos").map(pickedFile).filter((f): f is File => f !== null);
        await addStoryPhotos(services.db, services.storage, actor(), { figureId: params.id ?? "", storyId: fields.storyId ?? "", files });
        return back(params.id, "story.photosAdded", "success");
      },
    }),
  },
  { access: "public", defaultIntent: "addPhotos", logMessage: "adding finder photos failed" },
);
