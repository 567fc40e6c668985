/** A broadcast's kinds and audiences, and its form as the schema reads it (the form uses these in the browser: no zod, decision 056). */
export const CONTENT_TYPES = ["news", "image", "link", "video"] as const;
export const AUDIENCES = ["all", "rarity", "series", "boonee"] as const;

/**
 * What the broadcast schema reads from a form, in the browser and on the server alike: the text
 * fields, and the attached non-empty file's type and size (taken from the file itself, whatever is posted).
 */
export function broadcastFormInput(form: FormData) {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const file = form.get("file");
  fields.file =
    typeof file === "object" && file !== null && file.size > 0 ? { type: file.type, size: file.size } : null;
  return fields;
}
