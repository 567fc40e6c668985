import { problemAnswer } from "#server/api/answers.ts";

/** Any other path under /api/v1: a 404 as application/problem+json, not the site's HTML page. */
export const loader = () => problemAnswer(404, "No such endpoint; see /api/v1/openapi.json.");
