import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { formatDistanceStrict } from "date-fns/formatDistanceStrict";
// the two locales by their own paths: the "date-fns/locale" index loads every locale (seconds of a server's start)
import { de } from "date-fns/locale/de";
import { enGB } from "date-fns/locale/en-GB";

/**
 * Every date and time the app shows goes through this file, formatted in one configured zone
 * (TIME_ZONE, handed to the browser in the root loader's settings), so the server and the browser
 * render the same text whatever zone either runs in (decision 006).
 */
export const DEFAULT_TIME_ZONE = "Europe/Berlin";

const locales = { de, en: enGB };
type Lang = "de" | "en";
type Instant = Date | string | number;
const toDate = (d: Instant) => (d instanceof Date ? d : new Date(d));
const inZone = (zone: string) => tz(zone);

/** 'dd. MMM yyyy' (spec section 9), e.g. "05. Nov. 2026" / "05 Nov 2026", on the zone's calendar. */
export const formatDay = (d: Instant, lang: Lang, zone: string) =>
  format(toDate(d), lang === "de" ? "dd. MMM yyyy" : "dd MMM yyyy", { locale: locales[lang], in: inZone(zone) });

/** Exclusive items and notifications: 'dd. MMM yyyy · HH:mm' + ' Uhr' in German. */
export const formatDayTime = (d: Instant, lang: Lang, zone: string) =>
  lang === "de"
    ? `${format(toDate(d), "dd. MMM yyyy · HH:mm", { locale: de, in: inZone(zone) })} Uhr`
    : format(toDate(d), "dd MMM yyyy · HH:mm", { locale: enGB, in: inZone(zone) });

/** A time of day, 'HH:mm' (+ ' Uhr' in German), e.g. a drop's start. */
export const formatTime = (d: Instant, lang: Lang, zone: string) =>
  `${format(toDate(d), "HH:mm", { in: inZone(zone) })}${lang === "de" ? " Uhr" : ""}`;

/** Admin times: 'dd.MM.yyyy HH:mm' (the claims tables in both languages); with `lang` 'en', 'dd MMM yyyy HH:mm' (the log and drop cards: no numeric German date on an English page). */
export const formatTable = (d: Instant, zone: string, lang: Lang = "de") =>
  lang === "de"
    ? format(toDate(d), "dd.MM.yyyy HH:mm", { in: inZone(zone) })
    : format(toDate(d), "dd MMM yyyy HH:mm", { locale: enGB, in: inZone(zone) });

/** A time in a spreadsheet (CSV): 'dd.MM.yyyy HH:mm' in German, 'yyyy-MM-dd HH:mm' in English; both read as times. */
export const formatSpreadsheetTime = (d: Instant, lang: Lang, zone: string) =>
  format(toDate(d), lang === "de" ? "dd.MM.yyyy HH:mm" : "yyyy-MM-dd HH:mm", { in: inZone(zone) });

/** A calendar day without a time ('YYYY-MM-DD': a birthday, a find date) as 'dd. MMM yyyy': the same day in every zone. */
export const formatCalendarDay = (iso: string, lang: Lang) => formatDay(`${iso}T12:00:00Z`, lang, "UTC");

/** A calendar day, short, for chart axes: "25.11." / "25 Nov". */
export const formatShortCalendarDay = (iso: string, lang: Lang) =>
  format(new Date(`${iso}T12:00:00Z`), lang === "de" ? "dd.MM." : "d MMM", {
    locale: locales[lang],
    in: inZone("UTC"),
  });

/** Today as 'YYYY-MM-DD' on the zone's calendar (e.g. a file name). */
export const isoDay = (d: Instant, zone: string) => format(toDate(d), "yyyy-MM-dd", { in: inZone(zone) });

/** Whether `zone` is an IANA time zone name this runtime knows (config validation). */
export function isTimeZone(zone: string) {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}

/** How far `d` is from `now`, "in 2 Tagen" / "in 2 days" (the dashboard's next drop); rounded down, never "in 0 …". */
export const formatFromNow = (d: Instant, now: Instant, lang: Lang) =>
  formatDistanceStrict(toDate(d), toDate(now), { addSuffix: true, locale: locales[lang], roundingMethod: "floor" });
