import { data } from "react-router";

import { validate } from "#shared/forms.ts";
import { bulkStatusSchema } from "#shared/schemas/admin.ts";
import { changeFigureStatuses } from "#server/domain/figures/change-figure-statuses.ts";
import type { BulkStatusAnswer } from "~/components/admin/bulk-status-bar";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";

/** Give the ticked figures (`ids`, one field each) one status; all or none (`BulkStatusBar` sends it). */
export async function bulkStatusAction({ services, actor, form, fields, request }: AdminActionArgs) {
  const ids = form.getAll("ids").filter((v): v is string => typeof v === "string");
  const parsed = validate(bulkStatusSchema, { ids, status: fields.status });
  if (!parsed.ok)
    return data<BulkStatusAnswer>(
      {
        ok: false,
        intent: "bulkStatus",
        error: parsed.errors.ids ?? parsed.errors.status ?? "admin.boonees.bulk.error",
        params: {},
      },
      { status: 400 },
    );
  try {
    const r = await changeFigureStatuses(services.db, actor, parsed.data);
    return data<BulkStatusAnswer>({ ok: true, intent: "bulkStatus", changed: r.changed });
  } catch (e) {
    const r = adminRefusal(
      e,
      { notFound: "admin.boonees.bulk.missing", bulkInWaitingDrop: "admin.boonees.bulk.refusedWaiting" },
      "admin.boonees.bulk.error",
      { log: services.log, request },
    );
    return data<BulkStatusAnswer>(
      { ok: false, intent: "bulkStatus", error: r.error, params: r.params },
      { status: r.status },
    );
  }
}
