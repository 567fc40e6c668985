import { updateFigureSchema } from "#shared/schemas/admin.ts";
import { updateFigure } from "#server/domain/figures/update-figure.ts";
import { intent } from "~/intents.server";

import { storeFigureMedia } from "../media.server";
import type { FigureAnswerExtra } from "./figure-item";

/** What saving the edit dialog answers besides the figure: how many instances a type's change reached. */
export type UpdateExtra = FigureAnswerExtra & { reached?: number };

/** Save a figure's fields and new media (a type's shared fields reach its instances). */
export const updateRow = intent({
  schema: updateFigureSchema,
  // Bad input is shown at its fields only.
  invalid: null,
  echo: ["id"],
  errors: {
    notFound: "admin.error.notFound",
    imageUpload: "admin.create.error.image",
    videoUpload: "admin.create.error.video",
    inWaitingDrop: "drops.admin.error.figureWaiting",
    cityUnknown: "admin.cities.error.unknown",
    cityOfType: "admin.cities.error.ofType",
  },
  fallback: "admin.boonees.updateError",
  run: async (input, { services, actor, form }) => {
    const updated = await updateFigure(services.db, actor(), input, {
      storeMedia: () => storeFigureMedia(services, form),
    });
    return { id: input.id, reached: updated.reached } satisfies UpdateExtra;
  },
});
