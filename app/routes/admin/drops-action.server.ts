import { redirect } from "react-router";

import { validate, type FieldErrors } from "#shared/forms.ts";
import {
  dropHintSchema,
  dropIdSchema,
  dropScheduleSchema,
  dropTextsSchema,
  hintIdSchema,
} from "#shared/schemas/drop.ts";
import { fromZonedInput } from "#shared/zoned-time.ts";
import { cityTimeZone, dropTimeZone } from "#server/domain/cities/city-zone.ts";
import { addDropHint, editDropHint, removeDropHint } from "#server/domain/drops/drop-hints.ts";
import { cancelDrop, createDrop, editDrop } from "#server/domain/drops/save-drop.ts";
import { pickedFile, storeImage } from "#server/uploads/process-upload.ts";
import { flashCookie } from "~/guards.server";
import { intent, intentAction, invalidInput, type IntentContext } from "~/intents.server";

import { adminIntents } from "./admin-intents.server";

/** Domain refusals → the admin's message. */
const ERRORS: Record<string, string> = {
  notFound: "admin.error.notFound",
  dropCancelled: "drops.admin.error.dropCancelled",
  dropReleased: "drops.admin.error.dropReleased",
  releaseInPast: "drops.admin.error.releaseInPast",
  figureTaken: "drops.admin.error.figureTaken",
  figureInOtherDrop: "drops.admin.error.figureInOtherDrop",
  figureInOtherCity: "drops.admin.error.figureInOtherCity",
  figureUnknown: "drops.admin.error.figureUnknown",
  noFigures: "drops.admin.error.figures",
  hintReleased: "drops.admin.error.hintReleased",
  imageUpload: "admin.create.error.image",
};

const done = (message: string, to = "/admin/drops") =>
  redirect(to, { headers: { "set-cookie": flashCookie(message, "success") } });

/** A schema's data, or the refusal of the whole form with its fields' keys. */
function valid<T>(parsed: { ok: true; data: T } | { ok: false; errors: FieldErrors }): T {
  if (!parsed.ok) invalidInput(parsed.errors);
  return parsed.data;
}

const releaseTime = (value: string, zone: string) =>
  fromZonedInput(value, zone) ?? invalidInput({ releaseAt: "drops.admin.error.releaseAt" });

/**
 * The drop form's texts, and before the release also its figures and time (after it only the texts and
 * the hint photo change); every field's error at once.
 */
async function dropForm({ fields, form, services }: IntentContext, released: boolean) {
  const texts = validate(dropTextsSchema, fields);
  const schedule = released
    ? null
    : validate(dropScheduleSchema, { ...fields, figureIds: form.getAll("figureIds").join(",") });
  if (!texts.ok || (schedule && !schedule.ok))
    invalidInput({ ...(texts.ok ? {} : texts.errors), ...(schedule && !schedule.ok ? schedule.errors : {}) });
  // the release time is typed in the drop's city's local time (decision 053, follow-up)
  const zone = schedule?.ok ? await cityTimeZone(services.db, schedule.data.cityId, services.config.TIME_ZONE) : "";
  const plan = schedule?.ok
    ? { releaseAt: releaseTime(schedule.data.releaseAt, zone), figureIds: schedule.data.figureIds }
    : null;
  const photo = pickedFile(form.get("hintImage"));
  const hintImageUrl = photo ? await storeImage(services.storage, photo, "hints") : undefined;
  return { texts: texts.ok ? texts.data : invalidInput({}), plan, hintImageUrl };
}

/** The admin's drop actions (Post/Redirect/Get): schedule, edit, cancel, and add / fix / remove hints. */
export const dropAction = intentAction(
  {
    create: intent({
      run: async (fields, ctx) => {
        const copyOf = fields.copyOf ? valid(validate(dropIdSchema, { dropId: fields.copyOf })).dropId : undefined;
        const { texts, plan, hintImageUrl } = await dropForm(ctx, false);
        await createDrop(ctx.services.db, ctx.actor(), { ...texts, ...plan!, hintImageUrl, copyOf });
        return done("drops.admin.scheduled");
      },
    }),
    edit: intent({
      run: async (fields, ctx) => {
        const { texts, plan, hintImageUrl } = await dropForm(ctx, fields.released === "true");
        const { dropId } = valid(validate(dropIdSchema, fields));
        await editDrop(ctx.services.db, ctx.actor(), { id: dropId, ...texts, hintImageUrl, ...plan });
        return done("drops.admin.saved");
      },
    }),
    cancel: intent({
      schema: dropIdSchema,
      run: async (input, { services, actor }) => {
        await cancelDrop(services.db, actor(), input);
        return done("drops.admin.cancelled");
      },
    }),
    addHint: intent({
      schema: dropHintSchema,
      run: async (input, { services, actor }) => {
        const zone = await dropTimeZone(services.db, input.dropId, services.config.TIME_ZONE);
        const releaseAt = releaseTime(input.releaseAt, zone);
        await addDropHint(services.db, actor(), { ...input, releaseAt });
        return done("drops.admin.hintAdded");
      },
    }),
    editHint: intent({
      schema: hintIdSchema.extend({ textDe: dropHintSchema.shape.textDe, textEn: dropHintSchema.shape.textEn }),
      run: async (input, { services, actor }) => {
        await editDropHint(services.db, actor(), input);
        return done("drops.admin.saved");
      },
    }),
    removeHint: intent({
      schema: hintIdSchema,
      run: async (input, { services, actor }) => {
        await removeDropHint(services.db, actor(), input);
        return done("drops.admin.hintRemoved");
      },
    }),
  },
  adminIntents({ keys: ERRORS, fallback: "drops.admin.error.failed", invalid: "drops.admin.error.form" }),
);
