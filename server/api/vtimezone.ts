const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutes(zone: string, at: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** A local time as iCalendar writes it without a zone: YYYYMMDDTHHMMSS. */
export const localStamp = (utcMs: number, offset: number) =>
  new Date(utcMs + offset * 60_000).toISOString().replace(/[-:]/g, "").slice(0, 15);

const utcOffset = (minutes: number) => {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(a / 60)).padStart(2, "0")}${String(a % 60).padStart(2, "0")}`;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instants in [from, to) where the zone's offset changes, to the minute (a daily scan, then bisection). */
function transitions(zone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const found = [];
  let t = from;
  let offset = offsetMinutes(zone, t);
  while (t < to) {
    const next = Math.min(t + DAY, to);
    const nextOffset = offsetMinutes(zone, next);
    if (nextOffset !== offset) {
      let [lo, hi] = [t, next];
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetMinutes(zone, mid) === offset) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, before: offset, after: nextOffset });
    }
    [t, offset] = [next, nextOffset];
  }
  return found;
}

/**
 * The VTIMEZONE of an IANA zone for the years [fromYear, toYear] (RFC 5545 3.6.5): one observance for
 * the start of the range and one per change of offset in it, each with its own DTSTART (no RRULE),
 * so it is exact for the years the feed's events fall in, computed from the runtime's zone data.
 */
export function vtimezoneLines(zone: string, fromYear: number, toYear: number): string[] {
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear + 1, 0, 1);
  const first = offsetMinutes(zone, from);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  const observance = (kind: "STANDARD" | "DAYLIGHT", at: number, before: number, after: number) =>
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(at, before)}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(after)}`,
      `END:${kind}`,
    );
  observance("STANDARD", from, first, first);
  for (const t of transitions(zone, from, to))
    observance(t.after > t.before ? "DAYLIGHT" : "STANDARD", t.at, t.before, t.after);
  lines.push("END:VTIMEZONE");
  return lines;
}
