export const LANGS = ["de", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "de";
export const LANG_COOKIE = "lang";

/** The language the visitor chose (the cookie), or null when they have not chosen one. */
export function chosenLang(cookieHeader: string | null): Lang | null {
  const match = cookieHeader?.match(/(?:^|;\s*)lang=(de|en)(?:;|$)/);
  return (match?.[1] as Lang | undefined) ?? null;
}

/**
 * German stays the default whatever Accept-Language says: only the cookie chooses (and, without one, a
 * city page's default language; server/domain/cities/city-default-lang.ts).
 */
export function langFromCookieHeader(cookieHeader: string | null): Lang {
  return chosenLang(cookieHeader) ?? DEFAULT_LANG;
}
