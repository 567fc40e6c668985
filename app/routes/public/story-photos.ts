import { redirect } from "react-router";
import { flashCookie, actorOf, getServices, getViewer, requestForm, type Flash } from "~/guards.server";
import { DomainError } from "#server/domain/errors.ts";
import { addStoryPhotos } from "#server/domain/stories/story-photos.ts";
import { logError } from "#server/log-error.ts";
import { pickedFile } from "#server/uploads/process-upload.ts";
import type { Route } from "./+types/story-photos";

const KNOWN = new Set(["noPhoto", "tooManyPhotos", "imageUpload", "forbidden", "notFound", "tooMany"]);

/**
 * The author of a finder story adds up to 3 photos (a plain multipart form on the figure page). The
 * body limit for this route is in server/http.ts (signed in only). Always answers with a redirect back.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const viewer = getViewer(context);
  if (!viewer) throw redirect(`/auth?redirect=/boonee/${params.id}`);
  const back = (key: string, kind: Flash["kind"]) => redirect(`/boonee/${params.id}#stories`, { status: 303, headers: { "set-cookie": flashCookie(key, kind) } });
  const form = await requestForm(request);
  const files = form
    .getAll("photos")
    .map(pickedFile)
    .filter((f): f is File => f !== null);
  try {
    await addStoryPhotos(services.db, services.storage, actorOf(viewer), { figureId: params.id, storyId: String(form.get("storyId") ?? ""), files });
    return back("story.photosAdded", "success");
  } catch (e) {
    if (e instanceof DomainError && KNOWN.has(e.code)) return back(`story.photoError.${e.code === "notFound" ? "forbidden" : e.code}`, "error");
    logError(services.log, e, { request }, "adding finder photos failed");
    return back("story.photoError.failed", "error");
  }
}
