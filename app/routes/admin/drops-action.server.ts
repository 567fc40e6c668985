import { data, redirect } from "react-router";

import { formFields, validate, type FieldErrors } from "#shared/forms.ts";
import {
  dropHintSchema,
  dropIdSchema,
  dropScheduleSchema,
  dropTextsSchema,
  hintIdSchema,
} from "#shared/schemas/drop.ts";
import { fromZonedInput } from "#shared/zoned-time.ts";
import { addDropHint, editDropHint, removeDropHint } from "#server/domain/drops/drop-hints.ts";
import { cancelDrop, createDrop, editDrop } from "#server/domain/drops/save-drop.ts";
import type { Actor } from "#server/domain/errors.ts";
import type { Services } from "#server/services.ts";
import { pickedFile, storeImage } from "#server/uploads/process-upload.ts";
import { flashCookie, requestForm } from "~/guards.server";

import { adminRefusal } from "./media.server";

export type DropActionData = {
  ok: false;
  intent: string;
  errors: FieldErrors;
  error: string | null;
  reason?: string | null;
};

/** Domain refusals → the admin's message (drops.admin.error.<code>). */
const ERRORS: Record<string, string> = {
  notFound: "admin.error.notFound",
  dropCancelled: "drops.admin.error.dropCancelled",
  dropReleased: "drops.admin.error.dropReleased",
  releaseInPast: "drops.admin.error.releaseInPast",
  figureTaken: "drops.admin.error.figureTaken",
  figureInOtherDrop: "drops.admin.error.figureInOtherDrop",
  figureUnknown: "drops.admin.error.figureUnknown",
  noFigures: "drops.admin.error.figures",
  hintReleased: "drops.admin.error.hintReleased",
  imageUpload: "admin.create.error.image",
};

const done = (message: string, to = "/admin/drops") =>
  redirect(to, { headers: { "set-cookie": flashCookie(message, "success") } });
const invalid = (intent: string, errors: FieldErrors) =>
  data<DropActionData>({ ok: false, intent, errors, error: "drops.admin.error.form" }, { status: 400 });

/** The admin's drop actions (Post/Redirect/Get): schedule, edit, cancel, and add / fix / remove hints. */
export async function dropAction(services: Services, actor: Actor, request: Request) {
  const form = await requestForm(request);
  const fields = formFields(form);
  const intent = fields.intent ?? "";
  const zone = services.config.TIME_ZONE;
  try {
    if (intent === "create" || intent === "edit") {
      // After the release only the texts (and the hint photo) change; before it also figures and time.
      const released = intent === "edit" && fields.released === "true";
      const textsParsed = validate(dropTextsSchema, fields);
      const scheduleParsed = released
        ? null
        : validate(dropScheduleSchema, { ...fields, figureIds: form.getAll("figureIds").join(",") });
      if (!textsParsed.ok || (scheduleParsed && !scheduleParsed.ok)) {
        return invalid(intent, {
          ...(textsParsed.ok ? {} : textsParsed.errors),
          ...(scheduleParsed && !scheduleParsed.ok ? scheduleParsed.errors : {}),
        });
      }
      const schedule = scheduleParsed?.ok ? scheduleParsed.data : null;
      const releaseAt = schedule ? fromZonedInput(schedule.releaseAt, zone) : null;
      if (schedule && !releaseAt) return invalid(intent, { releaseAt: "drops.admin.error.releaseAt" });
      const photo = pickedFile(form.get("hintImage"));
      const hintImageUrl = photo ? await storeImage(services.storage, photo, "hints") : undefined;
      if (intent === "create") {
        const copyOf = fields.copyOf ? validate(dropIdSchema, { dropId: fields.copyOf }) : null;
        if (copyOf && !copyOf.ok) return invalid(intent, copyOf.errors);
        await createDrop(services.db, actor, {
          ...textsParsed.data,
          releaseAt: releaseAt!,
          figureIds: schedule!.figureIds,
          hintImageUrl,
          copyOf: copyOf?.data.dropId,
        });
        return done("drops.admin.scheduled");
      }
      const id = validate(dropIdSchema, fields);
      if (!id.ok) return invalid(intent, id.errors);
      await editDrop(services.db, actor, {
        id: id.data.dropId,
        ...textsParsed.data,
        hintImageUrl,
        ...(schedule ? { releaseAt: releaseAt!, figureIds: schedule.figureIds } : {}),
      });
      return done("drops.admin.saved");
    }
    if (intent === "cancel") {
      const parsed = validate(dropIdSchema, fields);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      await cancelDrop(services.db, actor, parsed.data);
      return done("drops.admin.cancelled");
    }
    if (intent === "addHint") {
      const parsed = validate(dropHintSchema, fields);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      const releaseAt = fromZonedInput(parsed.data.releaseAt, zone);
      if (!releaseAt) return invalid(intent, { releaseAt: "drops.admin.error.releaseAt" });
      await addDropHint(services.db, actor, { ...parsed.data, releaseAt });
      return done("drops.admin.hintAdded");
    }
    if (intent === "editHint") {
      const parsed = validate(
        hintIdSchema.extend({ textDe: dropHintSchema.shape.textDe, textEn: dropHintSchema.shape.textEn }),
        fields,
      );
      if (!parsed.ok) return invalid(intent, parsed.errors);
      await editDropHint(services.db, actor, parsed.data);
      return done("drops.admin.saved");
    }
    if (intent === "removeHint") {
      const parsed = validate(hintIdSchema, fields);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      await removeDropHint(services.db, actor, parsed.data);
      return done("drops.admin.hintRemoved");
    }
    return invalid(intent, {});
  } catch (e) {
    const r = adminRefusal(e, ERRORS, "drops.admin.error.failed", { log: services.log, request });
    return data<DropActionData>(
      { ok: false, intent, errors: {}, error: r.error, reason: r.reason },
      { status: r.status },
    );
  }
}
