import { createHash } from "node:crypto";

import type { Lang } from "#shared/i18n-config.ts";

import type { CalendarDrop } from "../domain/drops/drop-calendar.ts";
import { translator } from "../notify/translate.ts";
import { localStamp, offsetMinutes, vtimezoneLines } from "./vtimezone.ts";

/** RFC 5545 3.3.11: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

/** RFC 5545 3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const utcStamp = (iso: string) => localStamp(new Date(iso).getTime(), 0) + "Z";

/** A drop's UID: stable from its scheduling on, and not its id (which a waiting drop keeps to itself). */
export const dropUid = (id: string, host: string) =>
  `drop-${createHash("sha256").update(`boonees-drop:${id}`).digest("hex").slice(0, 32)}@${host}`;

/**
 * The drops as an iCalendar feed (decision 050): each drop's start in its city's time zone (a VTIMEZONE
 * per zone used, for the years it needs), its area and link; the next drop as its time only; a cancelled
 * one as STATUS:CANCELLED. UID and SEQUENCE let a subscribed calendar follow a move or a cancellation.
 * `zone` is the feed's own zone (X-WR-TIMEZONE: the site's, or the city's for a city's feed); `name` its title.
 */
export function dropCalendarIcs(
  drops: CalendarDrop[],
  opts: { zone: string; publicUrl: string; lang: Lang; name?: string },
): string {
  const t = translator(opts.lang);
  const base = opts.publicUrl.replace(/\/$/, "");
  const host = new URL(base).host;
  const yearsByZone = new Map<string, number[]>();
  for (const d of drops) {
    const year = new Date(d.startsAt).getUTCFullYear();
    yearsByZone.set(d.zone, [...(yearsByZone.get(d.zone) ?? []), year]);
  }
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Boonees//Drops//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${text(opts.name ?? t("drops.calendar.name"))}`,
    `X-WR-TIMEZONE:${opts.zone}`,
    ...[...yearsByZone].flatMap(([zone, years]) => vtimezoneLines(zone, Math.min(...years), Math.max(...years))),
  ];
  for (const d of drops) {
    const start = new Date(d.startsAt).getTime();
    const url = d.state === "released" ? `${base}/drops/${d.id}` : `${base}/drops`;
    const summary =
      d.state === "released"
        ? t("drops.calendar.released", { title: d.title[opts.lang] || d.title.de })
        : t("drops.calendar.next");
    const area = d.state === "released" ? d.area[opts.lang] || d.area.de : "";
    lines.push(
      "BEGIN:VEVENT",
      `UID:${dropUid(d.id, host)}`,
      `DTSTAMP:${utcStamp(d.changedAt)}`,
      `LAST-MODIFIED:${utcStamp(d.changedAt)}`,
      `SEQUENCE:${d.sequence}`,
      `DTSTART;TZID=${d.zone}:${localStamp(start, offsetMinutes(d.zone, start))}`,
      `SUMMARY:${text(summary)}`,
      ...(area ? [`LOCATION:${text(area)}`] : []),
      `DESCRIPTION:${text(area ? `${t("drops.area", { area })}\n${url}` : url)}`,
      `URL:${url}`,
      `STATUS:${d.state === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(fold).join("\r\n") + "\r\n";
}
