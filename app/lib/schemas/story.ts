import { z } from "zod";

import { STORY_LOCATION_MAX, STORY_TEXT_MAX, STORY_TEXT_MIN, STORY_TITLE_MAX, STORY_TITLE_MIN } from "../story-limits.ts";

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

/**
 * The finder-story form (spec section 5): title trimmed and cut to 100, at least 3; story trimmed and
 * cut to 5000, at least 10; location trimmed and cut to 200, may be empty; date optional, not in the
 * future. Messages are translation keys; the spec's texts for this form are fixed German.
 */
export const storySchema = z.object({
  title: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, STORY_TITLE_MAX))
    .pipe(z.string().min(STORY_TITLE_MIN, "story.error.titleTooShort")),
  story: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, STORY_TEXT_MAX))
    .pipe(z.string().min(STORY_TEXT_MIN, "story.error.storyTooShort")),
  location: z
    .string()
    .optional()
    .transform((v) => {
      const s = (v ?? "").trim().slice(0, STORY_LOCATION_MAX);
      return s === "" ? null : s;
    }),
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
});

export type StoryInput = z.output<typeof storySchema>;
