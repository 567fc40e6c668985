import type { Actor } from "#server/domain/errors.ts";
import type { Services } from "#server/services.ts";

/** What a feature's action handler gets from its page's action (the page checked the viewer and read the form). */
export interface AdminActionArgs {
  services: Services;
  actor: Actor;
  form: FormData;
  fields: Record<string, string>;
  request: Request;
}
