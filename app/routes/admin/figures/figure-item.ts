import type { ActionAnswer } from "~/lib/action-answer";

import type { Route } from "../+types/figures";

/** One figure of the list as the page's loader gives it (with its type's instance count). */
export type FigureItem = Route.ComponentProps["loaderData"]["items"][number];

/** What a card's action answers besides `ok`: the figure it was about (a refusal echoes the posted `id`). */
export type FigureAnswerExtra = { id: string };

/** The figure an answer is about: the one saved, or the one posted when refused. */
export function answeredFigure(answer: ActionAnswer<FigureAnswerExtra> | undefined) {
  if (!answer) return undefined;
  return answer.ok ? answer.id : answer.values?.id;
}
