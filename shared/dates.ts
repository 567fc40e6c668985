/**
 * Every date and time the app shows goes through this file, formatted in one configured zone
 * (TIME_ZONE, handed to the browser in the root loader's settings), so the server and the browser
 * render the same text whatever zone either runs in (decision 006). The browser's own Intl reads the
 * wall clock in a zone; the month names are date-fns's (which wrote these texts before, decision 056:
 * no date library in the browser), and tests/unit/dates.test.ts compares every format with date-fns.
 */
export const DEFAULT_TIME_ZONE = "Europe/Berlin";

type Lang = "de" | "en";
type Instant = Date | string | number;
const toDate = (d: Instant) => (d instanceof Date ? d : new Date(d));

/** 'MMM' of date-fns's de and en-GB locales. */
const MONTHS: Record<Lang, readonly string[]> = {
  de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
};

const clocks = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `d` in `zone`: two-digit day, month, hour and minute, four-digit year, the month's index. */
function wallClock(d: Instant, zone: string) {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    clocks.set(zone, clock);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of clock.formatToParts(toDate(d))) parts[part.type] = part.value;
  const two = (v = "") => v.padStart(2, "0");
  return {
    yyyy: (parts.year ?? "").padStart(4, "0"),
    MM: two(parts.month),
    month: Number(parts.month) - 1,
    d: String(Number(parts.day)),
    dd: two(parts.day),
    HH: two(parts.hour),
    mm: two(parts.minute),
  };
}

/** 'dd. MMM yyyy' (spec section 9), e.g. "05. Nov. 2026" / "05 Nov 2026", on the zone's calendar. */
export const formatDay = (d: Instant, lang: Lang, zone: string) => {
  const c = wallClock(d, zone);
  return `${c.dd}${lang === "de" ? "." : ""} ${MONTHS[lang][c.month]} ${c.yyyy}`;
};

/** Exclusive items and notifications: 'dd. MMM yyyy · HH:mm' + ' Uhr' in German. */
export const formatDayTime = (d: Instant, lang: Lang, zone: string) => {
  const c = wallClock(d, zone);
  return `${formatDay(d, lang, zone)} · ${c.HH}:${c.mm}${lang === "de" ? " Uhr" : ""}`;
};

/** A time of day, 'HH:mm' (+ ' Uhr' in German), e.g. a drop's start. */
export const formatTime = (d: Instant, lang: Lang, zone: string) => {
  const c = wallClock(d, zone);
  return `${c.HH}:${c.mm}${lang === "de" ? " Uhr" : ""}`;
};

/** Admin times: 'dd.MM.yyyy HH:mm' (the claims tables in both languages); with `lang` 'en', 'dd MMM yyyy HH:mm' (the log and drop cards: no numeric German date on an English page). */
export const formatTable = (d: Instant, zone: string, lang: Lang = "de") => {
  const c = wallClock(d, zone);
  return lang === "de"
    ? `${c.dd}.${c.MM}.${c.yyyy} ${c.HH}:${c.mm}`
    : `${c.dd} ${MONTHS.en[c.month]} ${c.yyyy} ${c.HH}:${c.mm}`;
};

/** A time in a spreadsheet (CSV): 'dd.MM.yyyy HH:mm' in German, 'yyyy-MM-dd HH:mm' in English; both read as times. */
export const formatSpreadsheetTime = (d: Instant, lang: Lang, zone: string) => {
  const c = wallClock(d, zone);
  return lang === "de" ? `${c.dd}.${c.MM}.${c.yyyy} ${c.HH}:${c.mm}` : `${c.yyyy}-${c.MM}-${c.dd} ${c.HH}:${c.mm}`;
};

/** A calendar day without a time ('YYYY-MM-DD': a birthday, a find date) as 'dd. MMM yyyy': the same day in every zone. */
export const formatCalendarDay = (iso: string, lang: Lang) => formatDay(`${iso}T12:00:00Z`, lang, "UTC");

/** A calendar day, short, for chart axes: "25.11." / "25 Nov". */
export const formatShortCalendarDay = (iso: string, lang: Lang) => {
  const c = wallClock(`${iso}T12:00:00Z`, "UTC");
  return lang === "de" ? `${c.dd}.${c.MM}.` : `${c.d} ${MONTHS.en[c.month]}`;
};

/** Today as 'YYYY-MM-DD' on the zone's calendar (e.g. a file name). */
export const isoDay = (d: Instant, zone: string) => {
  const c = wallClock(d, zone);
  return `${c.yyyy}-${c.MM}-${c.dd}`;
};

/** Whether `zone` is an IANA time zone name this runtime knows (config validation). */
export function isTimeZone(zone: string) {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}

/** date-fns's distance words (de, en-GB): one and other, German after "in"/"vor" in the dative. */
const DISTANCE: Record<Lang, Record<"second" | "minute" | "hour" | "day" | "month" | "year", [string, string]>> = {
  de: {
    second: ["1 Sekunde", "{} Sekunden"],
    minute: ["1 Minute", "{} Minuten"],
    hour: ["1 Stunde", "{} Stunden"],
    day: ["1 Tag", "{} Tagen"],
    month: ["1 Monat", "{} Monaten"],
    year: ["1 Jahr", "{} Jahren"],
  },
  en: {
    second: ["1 second", "{} seconds"],
    minute: ["1 minute", "{} minutes"],
    hour: ["1 hour", "{} hours"],
    day: ["1 day", "{} days"],
    month: ["1 month", "{} months"],
    year: ["1 year", "{} years"],
  },
};

/**
 * How far `d` is from `now`, "in 2 Tagen" / "in 2 days" (the dashboard's next drop); rounded down, never "in 0 …".
 * date-fns's formatDistanceStrict with addSuffix and floor, step by step (days and longer counted on the local
 * calendar across a summer-time change, as it did).
 */
export function formatFromNow(d: Instant, now: Instant, lang: Lang) {
  const date = toDate(d);
  const base = toDate(now);
  if (Number.isNaN(date.getTime()) || Number.isNaN(base.getTime())) throw new RangeError("Invalid time value");
  const later = date.getTime() > base.getTime();
  const [from, to] = later ? [base, date] : [date, base];
  const milliseconds = to.getTime() - from.getTime();
  const minutes = milliseconds / 60_000;
  const dstNormalizedMinutes = (milliseconds - (to.getTimezoneOffset() - from.getTimezoneOffset()) * 60_000) / 60_000;
  const [unit, count]: [keyof (typeof DISTANCE)["de"], number] =
    minutes < 1
      ? ["second", Math.floor(milliseconds / 1000)]
      : minutes < 60
        ? ["minute", Math.floor(minutes)]
        : minutes < 1440
          ? ["hour", Math.floor(minutes / 60)]
          : dstNormalizedMinutes < 43_200
            ? ["day", Math.floor(dstNormalizedMinutes / 1440)]
            : dstNormalizedMinutes < 525_600
              ? Math.floor(dstNormalizedMinutes / 43_200) === 12
                ? ["year", 1]
                : ["month", Math.floor(dstNormalizedMinutes / 43_200)]
              : ["year", Math.floor(dstNormalizedMinutes / 525_600)];
  const [one, other] = DISTANCE[lang][unit];
  const words = count === 1 ? one : other.replace("{}", String(count));
  if (lang === "de") return `${later ? "in" : "vor"} ${words}`;
  return later ? `in ${words}` : `${words} ago`;
}
