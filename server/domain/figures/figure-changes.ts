import type { ActivityDetails, ActivityValue } from "#shared/activity.ts";
import { FIGURE_FIELDS } from "#shared/figure-fields.ts";

import type { FigureRow } from "../../db/schema.ts";

/** Fields whose values the log does not keep (a file address says nothing); it says that they changed. */
const VALUE_LESS = new Set(["imageUrl", "welcomeVideoUrl"]);
const FIELDS = [...FIGURE_FIELDS.map((f) => f.key), "welcomeVideoUrl", "placementNote"] as const;

const stored = (v: unknown): ActivityValue => (v instanceof Date ? v.toISOString() : ((v ?? null) as ActivityValue));

/** What an edit changed, field by field, before → after, for the activity log. */
export function figureChanges(before: FigureRow, after: FigureRow): NonNullable<ActivityDetails["changes"]> {
  const changes: NonNullable<ActivityDetails["changes"]> = [];
  for (const field of FIELDS) {
    const from = stored(before[field as keyof FigureRow]);
    const to = stored(after[field as keyof FigureRow]);
    if (from === to) continue;
    changes.push(VALUE_LESS.has(field) ? { field, from: null, to: null } : { field, from, to });
  }
  return changes;
}
