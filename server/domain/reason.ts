import { reasonSchema } from "#shared/schemas/admin.ts";

import { DomainError } from "./errors.ts";

/** The reason an admin or moderator gives (required, by the shared schema), or "reasonRequired". */
export function requireReason(raw: unknown): string {
  const parsed = reasonSchema.safeParse(raw);
  if (!parsed.success) throw new DomainError("reasonRequired", 400);
  return parsed.data;
}
