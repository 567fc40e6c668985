import ICAL from "ical.js";
import { describe, expect, it } from "vitest";

import { etagOf, matchesEtag } from "../../server/api/answers.ts";
import { dropCalendarIcs } from "../../server/api/drop-calendar-ics.ts";
import { createRateLimiter, RATE_WINDOW_SECONDS } from "../../server/api/rate-limit.ts";
import { vtimezoneLines } from "../../server/api/vtimezone.ts";

// The read API's small parts (decision 050): the per-address budget, the ETag comparison, and the
// calendar's time zones and text as a real iCalendar parser reads them.

describe("rate limiter", () => {
  it("allows `limit` requests per address in a window, refuses the next, and starts over when the window turns", () => {
    let now = 1_000 * RATE_WINDOW_SECONDS * 1_000 + 5_000; // 5 s into a window
    const hit = createRateLimiter(3, () => now);
    expect([1, 2, 3, 4].map(() => hit("a").allowed)).toEqual([true, true, true, false]);
    expect(hit("a")).toMatchObject({ allowed: false, remaining: 0, limit: 3, resetSeconds: 55 });
    expect(hit("b")).toMatchObject({ allowed: true, remaining: 2 });
    now += 55_000;
    expect(hit("a")).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });
});

describe("ETag", () => {
  it("is weak, stable for the same body and matched by If-None-Match lists, strong twins and *", () => {
    const tag = etagOf('{"a":1}');
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(etagOf('{"a":1}')).toBe(tag);
    expect(etagOf('{"a":2}')).not.toBe(tag);
    expect(matchesEtag(tag, tag)).toBe(true);
    expect(matchesEtag(`"x", ${tag}`, tag)).toBe(true);
    expect(matchesEtag(tag.slice(2), tag)).toBe(true);
    expect(matchesEtag("*", tag)).toBe(true);
    expect(matchesEtag('W/"other"', tag)).toBe(false);
    expect(matchesEtag(null, tag)).toBe(false);
  });
});

/** The instant a local wall time in `zone` means, as ical.js computes it from our VTIMEZONE. */
function instantOf(zone: string, fromYear: number, toYear: number, local: string) {
  const text = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    ...vtimezoneLines(zone, fromYear, toYear),
    "END:VCALENDAR",
  ].join("\r\n");
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
  const time = ICAL.Time.fromDateTimeString(local);
  time.zone = timezone;
  return time.toJSDate().toISOString();
}

describe("VTIMEZONE", () => {
  it("gives summer and winter times their offsets, on both sides of each change, in several zones", () => {
    expect(instantOf("Europe/Berlin", 2026, 2027, "2026-07-01T12:00:00")).toBe("2026-07-01T10:00:00.000Z");
    expect(instantOf("Europe/Berlin", 2026, 2027, "2026-12-01T12:00:00")).toBe("2026-12-01T11:00:00.000Z");
    expect(instantOf("Europe/Berlin", 2026, 2027, "2027-03-28T01:30:00")).toBe("2027-03-28T00:30:00.000Z");
    expect(instantOf("Europe/Berlin", 2026, 2027, "2027-03-28T03:30:00")).toBe("2027-03-28T01:30:00.000Z");
    expect(instantOf("America/New_York", 2026, 2026, "2026-11-02T09:00:00")).toBe("2026-11-02T14:00:00.000Z");
    expect(instantOf("America/New_York", 2026, 2026, "2026-10-30T09:00:00")).toBe("2026-10-30T13:00:00.000Z");
    expect(instantOf("Asia/Kolkata", 2026, 2026, "2026-06-01T09:00:00")).toBe("2026-06-01T03:30:00.000Z");
    expect(instantOf("UTC", 2026, 2026, "2026-06-01T09:00:00")).toBe("2026-06-01T09:00:00.000Z");
  });
});

describe("the drops calendar's text", () => {
  it("escapes what RFC 5545 asks, folds long lines at 75 octets without splitting a character, and ends lines with CRLF", () => {
    const title = "Drop; am Hafen, mit Möwen\\ und einem sehr, sehr langen Titel über Kiel, Förde und Strand 🦭🦭🦭";
    const ics = dropCalendarIcs(
      [
        {
          id: "00000000-0000-4000-8000-000000000001",
          sequence: 3,
          changedAt: "2026-11-28T10:00:00.000Z",
          state: "released",
          startsAt: "2026-11-28T17:00:00.000Z",
          title: { de: title, en: "" },
          area: { de: "Kiellinie\nNord", en: "" },
        },
      ],
      { zone: "Europe/Berlin", publicUrl: "https://boonees.example/", lang: "en" },
    );
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "").includes("\n")).toBe(false);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
    // English asked, no English title written: the German one
    expect(event.summary).toBe(`Boonees drop: ${title}`);
    expect(event.location).toBe("Kiellinie\nNord");
    expect(event.sequence).toBe(3);
    expect(ics).toContain("DTSTART;TZID=Europe/Berlin:20261128T180000");
    expect(ics).toContain("URL:https://boonees.example/drops/00000000-0000-4000-8000-000000000001");
  });
});
