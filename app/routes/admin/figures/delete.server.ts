import { idSchema } from "#shared/schemas/admin.ts";
import { deleteFigure } from "#server/domain/figures/delete-figure.ts";
import { intent } from "~/intents.server";

import type { FigureAnswerExtra } from "./figure-item";

/** Delete a figure with its tag, claim, stories and files (a type with instances is refused). */
export const deleteRow = intent({
  schema: idSchema,
  invalid: "admin.boonees.deleteError",
  echo: ["id"],
  errors: { notFound: "admin.boonees.deleteError", hasInstances: "admin.boonees.deleteHasInstances" },
  fallback: "admin.boonees.deleteError",
  run: async (input, { services, actor }) => {
    await deleteFigure(services.db, services.storage, actor(), input);
    return { id: input.id } satisfies FigureAnswerExtra;
  },
});
