import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";

import {
  DEFAULT_TIME_ZONE,
  formatCalendarDay,
  formatDay,
  formatDayTime,
  formatFromNow,
  formatShortCalendarDay,
  formatTable,
  formatTime,
} from "#shared/dates.ts";
import type { RootData } from "#server/root-data.ts";

import { useTranslation } from "./use-translation";

/**
 * The zone of the city whose things a part of the page shows (a city page, a figure page; decision 053):
 * its dates are in that city's time, wherever the reader is. Outside one, the site's zone (TIME_ZONE).
 */
export const CityZone = createContext<string | null>(null);

/** The date formatters of this page: its language and the zone (the city's, else the site's from the root loader, so hydration renders the same text). */
export function useDates(ownZone?: string) {
  const { i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "de";
  const cityZone = useContext(CityZone);
  const siteZone = (useRouteLoaderData("root") as RootData | undefined)?.settings.timeZone ?? DEFAULT_TIME_ZONE;
  // `ownZone`: a thing that knows its city's zone (a drop) shows its times in it, wherever it is listed
  const zone = ownZone ?? cityZone ?? siteZone;
  return {
    day: (d: Date | string | number) => formatDay(d, lang, zone),
    /** A day in another zone (a list of figures from several cities, each on its city's calendar; decision 053). */
    dayIn: (d: Date | string | number, otherZone: string) => formatDay(d, lang, otherZone),
    dayTime: (d: Date | string | number) => formatDayTime(d, lang, zone),
    /** A day and time in another zone (a list of drops from several cities, each in its city's time). */
    dayTimeIn: (d: Date | string | number, otherZone: string) => formatDayTime(d, lang, otherZone),
    time: (d: Date | string | number) => formatTime(d, lang, zone),
    zone,
    /** The claims tables ('dd.MM.yyyy HH:mm' in both languages, spec section 7). */
    table: (d: Date | string | number) => formatTable(d, zone),
    /** A table date in another zone (a row's figure's city, decision 053). */
    tableIn: (d: Date | string | number, otherZone: string) => formatTable(d, otherZone),
    /** The activity log and drop cards: the same in German, '27 Nov 2026 14:05' in English. */
    stamp: (d: Date | string | number) => formatTable(d, zone, lang),
    /** A stamp in another zone (an activity entry in its city's time, decision 053). */
    stampIn: (d: Date | string | number, otherZone: string) => formatTable(d, otherZone, lang),
    /** 'in 2 Tagen' / 'in 2 days', counted from `now` (the loader's clock, so hydration renders the same text). */
    fromNow: (d: Date | string | number, now: number) => formatFromNow(d, now, lang),
    calendarDay: (iso: string) => formatCalendarDay(iso, lang),
    shortDay: (iso: string) => formatShortCalendarDay(iso, lang),
  };
}
