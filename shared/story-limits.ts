/** Finder-story limits (spec sections 5 and 9); zod-free, so form markup can use them cheaply. */
export const STORY_TITLE_MIN = 3;
export const STORY_TITLE_MAX = 100;
export const STORY_TEXT_MIN = 10;
export const STORY_TEXT_MAX = 5000;
export const STORY_LOCATION_MAX = 200;
