import { data } from "react-router";

import { validate, type FieldErrors } from "#shared/forms.ts";
import { idSchema } from "#shared/schemas/admin.ts";
import { deleteFigure } from "#server/domain/figures/delete-figure.ts";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";

export type DeleteAnswer =
  | { ok: true; intent: "delete"; id: string }
  | { ok: false; intent: "delete"; id: string; errors: FieldErrors; error: string; reason: null };

/** Delete a figure with its tag, claim, stories and files (a type with instances is refused). */
export async function deleteAction({ services, actor, fields, request }: AdminActionArgs) {
  const id = fields.id ?? "";
  const parsed = validate(idSchema, fields);
  if (!parsed.ok)
    return data<DeleteAnswer>(
      { ok: false, intent: "delete", id, errors: {}, error: "admin.boonees.deleteError", reason: null },
      { status: 400 },
    );
  try {
    await deleteFigure(services.db, services.storage, actor, parsed.data);
    return data<DeleteAnswer>({ ok: true, intent: "delete", id: parsed.data.id });
  } catch (e) {
    const r = adminRefusal(
      e,
      { notFound: "admin.boonees.deleteError", hasInstances: "admin.boonees.deleteHasInstances" },
      "admin.boonees.deleteError",
      { log: services.log, request },
    );
    return data<DeleteAnswer>(
      { ok: false, intent: "delete", id, errors: {}, error: r.error, reason: null },
      { status: r.status },
    );
  }
}
