/**
 * A translation function for keys built from data: stored notification texts, table rows (statuses,
 * roles, figure fields, channels). Pages' own calls use i18next's typed `t` (app/locales/i18next.d.ts), so
 * a missing literal key fails the typecheck; the key families built here are walked by
 * tests/unit/translation-keys.test.ts instead.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What renderers of data-built keys accept: a typed i18next `t` or a plain `Translate`. */
export type AnyTranslate = Translate | ((...args: never[]) => unknown);

export const loose = (t: AnyTranslate) => t as Translate;
