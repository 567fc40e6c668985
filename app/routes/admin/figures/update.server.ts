import { data } from "react-router";

import { validate, type FieldErrors } from "#shared/forms.ts";
import { updateFigureSchema } from "#shared/schemas/admin.ts";
import { updateFigure } from "#server/domain/figures/update-figure.ts";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal, storeFigureMedia } from "../media.server";

/** What saving the edit dialog answers; `reached` counts the instances a type's change reached. */
export type UpdateAnswer =
  | { ok: true; intent: "update"; id: string; reached?: number }
  | { ok: false; intent: "update"; id: string; errors: FieldErrors; error: string | null; reason: string | null };

/** Save a figure's fields and new media (a type's shared fields reach its instances). */
export async function updateAction({ services, actor, form, fields, request }: AdminActionArgs) {
  const id = fields.id ?? "";
  const parsed = validate(updateFigureSchema, fields);
  if (!parsed.ok)
    return data<UpdateAnswer>(
      { ok: false, intent: "update", id, errors: parsed.errors, error: null, reason: null },
      { status: 400 },
    );
  try {
    const updated = await updateFigure(services.db, actor, parsed.data, {
      storeMedia: () => storeFigureMedia(services, form),
    });
    return data<UpdateAnswer>({ ok: true, intent: "update", id: parsed.data.id, reached: updated.reached });
  } catch (e) {
    const r = adminRefusal(
      e,
      {
        notFound: "admin.error.notFound",
        imageUpload: "admin.create.error.image",
        videoUpload: "admin.create.error.video",
        inWaitingDrop: "drops.admin.error.figureWaiting",
        cityUnknown: "admin.cities.error.unknown",
        cityOfType: "admin.cities.error.ofType",
      },
      "admin.boonees.updateError",
      { log: services.log, request },
    );
    return data<UpdateAnswer>(
      { ok: false, intent: "update", id, errors: {}, error: r.error, reason: r.reason },
      { status: r.status },
    );
  }
}
