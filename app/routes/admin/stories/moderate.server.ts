import { photoVisibilitySchema, storyVisibilitySchema } from "#shared/schemas/admin.ts";
import { setStoryHidden } from "#server/domain/stories/hide-story.ts";
import { setPhotoHidden } from "#server/domain/stories/story-photos.ts";
import { intent } from "~/intents.server";

/** The stories page's refusals (the admin texts for forbidden / unauthorized come from `adminIntents`). */
export const MODERATION_KEYS = {
  notFound: "admin.error.notFound",
  ownStory: "admin.error.ownStory",
  reasonRequired: "admin.error.reasonRequired",
};

/** Hide a story (with a reason its author is told) or show it again. */
export const storyRow = intent({
  schema: storyVisibilitySchema,
  invalid: "admin.error.notFound",
  run: async (input, { services, actor }) => {
    const row = await setStoryHidden(services.db, actor(), input);
    return row.hidden ? { message: "admin.stories.hiddenToast" } : {};
  },
});

/** Hide a story's photo or show it again; either marks its reports reviewed. */
export const photoRow = intent({
  schema: photoVisibilitySchema,
  invalid: "admin.error.notFound",
  run: async (input, { services, actor }) => {
    const row = await setPhotoHidden(services.db, actor(), input);
    return { message: row.hidden ? "admin.stories.photoHiddenToast" : "admin.stories.photoShownToast" };
  },
});
