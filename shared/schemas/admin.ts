import { z } from "zod";

import { AUDIENCES, CONTENT_TYPES } from "../broadcast-fields.ts";
import { CODE_MAX, CODE_MIN, normalizeCode } from "../claim-code.ts";
import { figureFieldsShape, optionalText } from "../figure-field-schemas.ts";
import { BATCH_MAX, ELEMENTS, englishNeedsGerman, PLACEMENT_NOTE_MAX, RARITIES, STATUSES } from "../figure-fields.ts";
import { INHERITED_FIELDS, inheritInputName } from "../inherited-fields.ts";
import { ROLES } from "../roles.ts";
import { pickedFileProblem } from "../upload-rules.ts";
import { changedCityIdField, cityIdField } from "./city.ts";

export { ELEMENTS, RARITIES, STATUSES } from "../figure-fields.ts";
export { AUDIENCES, broadcastFormInput, CONTENT_TYPES } from "../broadcast-fields.ts";

export type Rarity = (typeof RARITIES)[number];
export type { Status } from "../figure-fields.ts";
export type Element = (typeof ELEMENTS)[number];

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "admin.error.notFound");
const optionalUuid = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : null))
  .pipe(uuid.nullable());

/** The figure's own fields (spec section 3), shared by create and edit: one per row of shared/figure-fields.ts. */
export const figureFieldsSchema = z.object(figureFieldsShape);
export type FigureFieldsInput = z.output<typeof figureFieldsSchema>;

/** The claim code an admin types or generates: required, forced to upper case, 6–20 of A–Z and 0–9. */
export const secretCodeSchema = z
  .string()
  .optional()
  .transform((v) => normalizeCode(v ?? ""))
  .pipe(
    z
      .string()
      .min(1, "admin.create.error.codeRequired")
      .refine((c) => c.length >= CODE_MIN && c.length <= CODE_MAX, "admin.create.error.codeLength")
      .refine((c) => /^[A-Z0-9]+$/.test(c), "admin.create.error.codeFormat"),
  );

export const createFigureSchema = figureFieldsSchema
  .extend({
    typeId: optionalUuid,
    secretCode: secretCodeSchema,
    cityId: cityIdField,
  })
  .superRefine(englishNeedsGerman);
export type CreateFigureInput = z.output<typeof createFigureSchema>;

export const batchSchema = z.object({
  typeId: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().min(1, "admin.batch.error.template").pipe(uuid)),
  count: z.coerce
    .number("admin.batch.error.count")
    .int("admin.batch.error.count")
    .min(1, "admin.batch.error.count")
    .max(BATCH_MAX, "admin.batch.error.count"),
  status: z.enum(STATUSES, "admin.fields.error.status").default("Draft"),
});
export type BatchInput = z.output<typeof batchSchema>;

export { BATCH_MAX, PLACEMENT_NOTE_MAX } from "../figure-fields.ts";
/** Where the operator hid a figure: absent keeps the note, empty clears it. */
const placementNote = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v.trim()))
  .pipe(z.string().max(PLACEMENT_NOTE_MAX, "admin.boonees.placementNoteTooLong").optional())
  .transform((v) => (v === undefined ? undefined : v || null));

/** Editing a figure; for an instance, the fields ticked "use the type's value" (`inherit_<column>`). */
export const updateFigureSchema = figureFieldsSchema
  .extend({ id: uuid, placementNote, cityId: changedCityIdField })
  .catchall(z.unknown())
  .superRefine(englishNeedsGerman)
  .transform((v) => {
    const fields = Object.fromEntries(Object.keys(figureFieldsSchema.shape).map((k) => [k, v[k]])) as FigureFieldsInput;
    const inherit = INHERITED_FIELDS.filter((f) => v[inheritInputName(f.column)] === "on").map((f) => f.column);
    const note = v.placementNote as string | null | undefined;
    return { ...fields, id: v.id, placementNote: note, cityId: v.cityId as number | undefined, inherit };
  });
export type UpdateFigureInput = z.output<typeof updateFigureSchema>;

export const idSchema = z.object({ id: uuid });

/** The most figures one bulk status change takes (the list shows at most a page of them at a time). */
export const BULK_STATUS_MAX = 200;

/**
 * Several figures set to one status at once, from the admin list (`ids`: the ticked figures). The
 * status is checked as the edit dialog checks it; repeated ids count once.
 */
export const bulkStatusSchema = z.object({
  ids: z
    .array(uuid)
    .min(1, "admin.boonees.bulk.noneSelected")
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .pipe(z.array(z.string()).max(BULK_STATUS_MAX, "admin.boonees.bulk.tooMany")),
  status: z.enum(STATUSES, "admin.fields.error.status"),
});
export type BulkStatusInput = z.output<typeof bulkStatusSchema>;

/** Links that admins enter must be http(s) (product decisions). */
export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

/** A broadcast's link: longer ones are refused as invalid. */
export const LINK_MAX = 2000;

/** Content Broadcast (spec section 5): title 3–200 and message 10–2000 after trimming and cutting. */
const broadcastTitle = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().slice(0, 200))
  .pipe(z.string().min(1, "admin.broadcast.error.required").min(3, "admin.broadcast.error.titleTooShort"));
const broadcastMessage = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().slice(0, 2000))
  .pipe(z.string().min(1, "admin.broadcast.error.required").min(10, "admin.broadcast.error.messageTooShort"));

/** The English title and message: optional (empty: null, readers get the German one), by the same rules when given. */
const englishOptional = (max: number, min: number, error: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, max))
    .pipe(z.union([z.literal(""), z.string().min(min, error)]))
    .transform((v) => v || null);
const broadcastTitleEn = englishOptional(200, 3, "admin.broadcast.error.titleTooShort");
const broadcastMessageEn = englishOptional(2000, 10, "admin.broadcast.error.messageTooShort");

/** Who a broadcast reaches: all owners, owners of a rarity, of a series or of one figure. */
const broadcastAudienceFields = {
  audience: z.enum(AUDIENCES, "admin.broadcast.error.required").default("all"),
  rarity: z
    .string()
    .optional()
    .transform((v) => (v && v !== "" ? v : null))
    .pipe(z.enum(RARITIES, "admin.broadcast.error.required").nullable()),
  series: optionalText(100),
  figureId: optionalUuid,
  /** Only the owners in this city; empty: every city's (decision 058). */
  cityId: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? Number(v.trim()) : null))
    .pipe(
      z
        .number("broadcast.error.required")
        .int("broadcast.error.required")
        .positive("broadcast.error.required")
        .nullable(),
    ),
};
type AudienceValues = {
  audience: (typeof AUDIENCES)[number];
  rarity: string | null;
  series: string | null;
  figureId: string | null;
};
function checkAudience(v: AudienceValues, ctx: z.RefinementCtx) {
  if (v.audience === "rarity" && !v.rarity)
    ctx.addIssue({ code: "custom", path: ["rarity"], message: "admin.broadcast.error.required" });
  if (v.audience === "series" && !v.series)
    ctx.addIssue({ code: "custom", path: ["series"], message: "admin.broadcast.error.required" });
  if (v.audience === "boonee" && !v.figureId)
    ctx.addIssue({ code: "custom", path: ["figureId"], message: "admin.broadcast.error.required" });
}

/** The audience alone: the form's recipient count asks with it, the send with the whole broadcast. */
export const broadcastAudienceSchema = z.object(broadcastAudienceFields).superRefine(checkAudience);
export type BroadcastAudience = z.output<typeof broadcastAudienceSchema>;

export const broadcastSchema = z
  .object({
    title: broadcastTitle,
    message: broadcastMessage,
    titleEn: broadcastTitleEn,
    messageEn: broadcastMessageEn,
    contentType: z.enum(CONTENT_TYPES, "admin.broadcast.error.required").default("news"),
    ...broadcastAudienceFields,
    linkUrl: z
      .string()
      .max(LINK_MAX, "admin.broadcast.error.invalidUrl")
      .optional()
      .transform((v) => (v ?? "").trim()),
    /** The attached file's declared type and size (none: null): set from the form's file input by `broadcastFormInput`, never posted. */
    file: z.object({ type: z.string(), size: z.number() }).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.contentType === "image" || v.contentType === "video") {
      // The upload rule's types and limits before anything is sent (the server checks the content after).
      const problem = v.file ? pickedFileProblem(v.contentType, v.file) : null;
      if (!v.file || problem)
        ctx.addIssue({
          code: "custom",
          path: ["file"],
          message: problem
            ? `admin.upload.reason.${problem}`
            : v.contentType === "image"
              ? "admin.broadcast.error.imageRequired"
              : "admin.broadcast.error.videoRequired",
        });
    }
    if (v.contentType === "link" && v.linkUrl === "")
      ctx.addIssue({ code: "custom", path: ["linkUrl"], message: "admin.broadcast.error.linkRequired" });
    checkAudience(v, ctx);
    if (v.contentType === "link" && v.linkUrl !== "" && !isHttpUrl(v.linkUrl)) {
      ctx.addIssue({ code: "custom", path: ["linkUrl"], message: "admin.broadcast.error.invalidUrl" });
    }
  });
export type BroadcastInput = z.output<typeof broadcastSchema>;

export const roleChangeSchema = z
  .object({
    userId: z.string().min(1, "admin.users.error.update").max(100, "admin.users.error.update"),
    role: z.enum(ROLES, "admin.users.error.update"),
    /** "yes" on the second step of granting or removing the admin role */
    confirmed: z.literal("yes").optional(),
    /**
     * The staff member's cities (decision 059): "all" (an admin for every city, i.e. global; a moderator for
     * every city there is), "cities" (the ticked `cities`), absent: unchanged.
     */
    scope: z.enum(["all", "cities"], "admin.users.error.update").optional(),
    cities: z
      .array(z.coerce.number("admin.users.error.update").int("admin.users.error.update").positive().max(2_147_483_647))
      .max(500, "admin.users.error.update")
      .default([]),
  })
  .refine((v) => v.scope !== "cities" || v.role === "user" || v.cities.length > 0, {
    message: "admin.users.error.citiesRequired",
    path: ["cities"],
  });
export type RoleChangeInput = z.output<typeof roleChangeSchema>;

export const verifyClaimSchema = z.object({ claimId: uuid });

/** The reason an admin or moderator gives for a rejection, a block or a deletion: required, kept. */
export const reasonSchema = z
  .string("admin.error.reasonRequired")
  .transform((v) => v.trim().slice(0, 500))
  .pipe(z.string().min(3, "admin.error.reasonRequired"));
export const rejectClaimSchema = z.object({ claimId: uuid, reason: reasonSchema });
export const accountActionSchema = z.object({
  userId: z.string().min(1, "admin.users.error.update").max(100, "admin.users.error.update"),
  reason: reasonSchema,
});
export const unblockSchema = z.object({
  userId: z.string().min(1, "admin.users.error.update").max(100, "admin.users.error.update"),
});

/** Editing a sent broadcast: title and message by the broadcast rules, the link of a link item. */
export const broadcastEditSchema = z
  .object({
    id: uuid,
    title: broadcastTitle,
    message: broadcastMessage,
    titleEn: broadcastTitleEn,
    messageEn: broadcastMessageEn,
    linkUrl: z
      .string()
      .max(LINK_MAX, "admin.broadcast.error.invalidUrl")
      .optional()
      .transform((v) => (v ?? "").trim()),
  })
  .superRefine((v, ctx) => {
    if (v.linkUrl !== "" && !isHttpUrl(v.linkUrl))
      ctx.addIssue({ code: "custom", path: ["linkUrl"], message: "admin.broadcast.error.invalidUrl" });
  });
export type BroadcastEditInput = z.output<typeof broadcastEditSchema>;
/** Hiding a story takes a reason (reasonSchema, checked by server/domain/stories/hide-story.ts; its author is told); showing it again does not. */
export const storyVisibilitySchema = z.object({
  storyId: uuid,
  hidden: z.enum(["true", "false"]).transform((v) => v === "true"),
  reason: z.string().max(2000, "admin.error.reasonRequired").optional(),
});

/** A moderator or admin hides one finder photo or shows it again (no reason: the story stays). */
export const photoVisibilitySchema = z.object({
  photoId: uuid,
  hidden: z.enum(["true", "false"]).transform((v) => v === "true"),
});

/** The list pages' query string. */
export { pageParam, STATUS_FILTERS, type StatusFilter } from "../figure-list-filters.ts";
