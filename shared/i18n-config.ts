export const LANGS = ["de", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "de";
export const LANG_COOKIE = "lang";

/** German stays the default whatever Accept-Language says: only the cookie chooses. */
export function langFromCookieHeader(cookieHeader: string | null): Lang {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=(de|en)(?:;|$)/);
  return (match?.[1] as Lang | undefined) ?? DEFAULT_LANG;
}
