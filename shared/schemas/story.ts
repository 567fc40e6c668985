import { z } from "zod";

import { LANGS } from "../i18n-config.ts";
import {
  STORY_LOCATION_MAX,
  STORY_TEXT_MAX,
  STORY_TEXT_MIN,
  STORY_TITLE_MAX,
  STORY_TITLE_MIN,
} from "../story-limits.ts";

export { STORY_LOCATION_MAX, STORY_TEXT_MAX, STORY_TEXT_MIN, STORY_TITLE_MAX, STORY_TITLE_MIN };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (d: string) => {
  const parsed = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
};

/**
 * The latest day that is "today" somewhere on earth (UTC+14): a find date after it is in the future
 * for everyone, so a finder's local "today" is never refused whatever their time zone.
 */
export const latestToday = (now = new Date()) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

const trimmed = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim());

/**
 * The finder-story form (spec section 5): title trimmed, 3 to 100; story trimmed, 10 to 5000; location
 * trimmed, up to 200, may be empty; date optional, not in the future. Text over a limit is refused,
 * never cut. Messages are translation keys; the spec's texts for this form are fixed German.
 */
export const storySchema = z.object({
  title: trimmed.pipe(
    z.string().min(STORY_TITLE_MIN, "story.error.titleTooShort").max(STORY_TITLE_MAX, "story.error.titleTooLong"),
  ),
  story: trimmed.pipe(
    z.string().min(STORY_TEXT_MIN, "story.error.storyTooShort").max(STORY_TEXT_MAX, "story.error.storyTooLong"),
  ),
  location: trimmed.pipe(
    z
      .string()
      .max(STORY_LOCATION_MAX, "story.error.locationTooLong")
      .transform((s) => (s === "" ? null : s)),
  ),
  findDate: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : null))
    .pipe(
      z
        .string()
        .regex(ISO_DAY, "story.error.dateInvalid")
        .refine(isRealDay, "story.error.dateInvalid")
        .refine((d) => d <= latestToday(), "story.error.dateFuture")
        .nullable(),
    ),
  /** The language the finder wrote in (the form offers the page's); left out: German on a new story, unchanged on an edit. */
  lang: z.enum(LANGS, "story.error.lang").optional(),
});

export type StoryInput = z.output<typeof storySchema>;
