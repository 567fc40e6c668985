import { bulkStatusSchema } from "#shared/schemas/admin.ts";
import { changeFigureStatuses } from "#server/domain/figures/change-figure-statuses.ts";
import type { BulkStatusExtra } from "~/components/admin/bulk-status-bar";
import { intent } from "~/intents.server";

/** Give the ticked figures (`ids`, one field each) one status; all or none (`BulkStatusBar` sends it). */
export const bulkStatusRow = intent({
  input: ({ form, fields }) => ({
    ids: form.getAll("ids").filter((v): v is string => typeof v === "string"),
    status: fields.status,
  }),
  schema: bulkStatusSchema,
  errors: { notFound: "admin.boonees.bulk.missing", bulkInWaitingDrop: "admin.boonees.bulk.refusedWaiting" },
  fallback: "admin.boonees.bulk.error",
  run: async (input, { services, actor }) => {
    const r = await changeFigureStatuses(services.db, actor(), input);
    return { changed: r.changed } satisfies BulkStatusExtra;
  },
});
