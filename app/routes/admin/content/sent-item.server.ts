import { broadcastEditSchema, idSchema } from "#shared/schemas/admin.ts";
import { editBroadcast } from "#server/domain/broadcasts/edit-broadcast.ts";
import { retractBroadcast } from "#server/domain/broadcasts/retract-broadcast.ts";
import { intent } from "~/intents.server";

const SENT_ITEM_ERRORS = { notFound: "admin.error.notFound" };

/** Take a sent item back: it leaves the recipients' lists. */
export const retractRow = intent({
  schema: idSchema,
  errors: SENT_ITEM_ERRORS,
  fallback: "admin.broadcast.sent.error",
  run: async (input, { services, actor }) => {
    await retractBroadcast(services.db, actor(), input);
    return { message: "admin.broadcast.sent.retractedToast" };
  },
});

/** Correct a sent item's texts (and link). */
export const editRow = intent({
  schema: broadcastEditSchema,
  invalid: "admin.broadcast.sent.error",
  errors: SENT_ITEM_ERRORS,
  fallback: "admin.broadcast.sent.error",
  run: async (input, { services, actor }) => {
    await editBroadcast(services.db, actor(), input);
  },
});
