import { data } from "react-router";

import { validate } from "#shared/forms.ts";
import { photoVisibilitySchema, storyVisibilitySchema } from "#shared/schemas/admin.ts";
import { setStoryHidden } from "#server/domain/stories/hide-story.ts";
import { setPhotoHidden } from "#server/domain/stories/story-photos.ts";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";

/** What hiding or showing a story or a photo answers its fetcher. */
export type ModerationAnswer =
  { ok: true; intent: string; message?: string } | { ok: false; intent: string; error: string };

const REFUSALS = {
  notFound: "admin.error.notFound",
  ownStory: "admin.error.ownStory",
  reasonRequired: "admin.error.reasonRequired",
} as const;

function refused({ services, request }: AdminActionArgs, intent: string, e: unknown) {
  const r = adminRefusal(e, REFUSALS, "admin.error.unexpected", { log: services.log, request });
  return data<ModerationAnswer>({ ok: false, intent, error: r.error }, { status: r.status });
}

/** Hide a story (with a reason its author is told) or show it again. */
export async function storyAction(args: AdminActionArgs) {
  const parsed = validate(storyVisibilitySchema, args.fields);
  if (!parsed.ok)
    return data<ModerationAnswer>({ ok: false, intent: "story", error: "admin.error.notFound" }, { status: 400 });
  try {
    const row = await setStoryHidden(args.services.db, args.actor, parsed.data);
    return data<ModerationAnswer>({
      ok: true,
      intent: row.hidden ? "hide" : "unhide",
      ...(row.hidden ? { message: "admin.stories.hiddenToast" } : {}),
    });
  } catch (e) {
    return refused(args, "story", e);
  }
}

/** Hide a story's photo or show it again; either marks its reports reviewed. */
export async function photoAction(args: AdminActionArgs) {
  const parsed = validate(photoVisibilitySchema, args.fields);
  if (!parsed.ok)
    return data<ModerationAnswer>({ ok: false, intent: "photo", error: "admin.error.notFound" }, { status: 400 });
  try {
    const row = await setPhotoHidden(args.services.db, args.actor, parsed.data);
    return data<ModerationAnswer>({
      ok: true,
      intent: "photo",
      message: row.hidden ? "admin.stories.photoHiddenToast" : "admin.stories.photoShownToast",
    });
  } catch (e) {
    return refused(args, "photo", e);
  }
}
