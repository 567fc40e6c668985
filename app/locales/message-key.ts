import type { ParseKeys } from "i18next";

/** Any key of the German files (the typed resources, app/locales/i18next.d.ts). */
export type MessageKey = ParseKeys;

/**
 * A key that arrives as data (an action's error, a flash, a server-built notice): its text cannot be
 * checked by the typecheck where it is shown. Every string literal that is a key in server/, shared/ and
 * app/ is checked against both languages by tests/unit/translation-keys.test.ts.
 */
export const dataKey = (key: string) => key as MessageKey;
