import type { IntentOptions } from "~/intents.server";

/**
 * What every admin action shares (decision 054): the admin texts of forbidden / unauthorized, an
 * upload's reason, the unexpected error. A page adds its own `keys` and `fallback`.
 */
export const ADMIN_KEYS = { forbidden: "admin.error.forbidden", unauthorized: "admin.error.unauthorized" };

export const adminIntents = (options: IntentOptions = {}): IntentOptions => ({
  reasonPrefix: "admin.upload.reason.",
  unexpected: "admin.error.unexpected",
  unknown: "admin.error.unexpected",
  logMessage: "admin action failed",
  ...options,
  keys: { ...ADMIN_KEYS, ...options.keys },
});
