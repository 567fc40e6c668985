import ICAL from "ical.js";
import { describe, expect, it } from "vitest";

import { etagOf, matchesEtag } from "../../server/api/answers.ts";
import { dropCalendarIcs } from "../../server/api/drop-calendar-ics.ts";
import { createSharedRateLimiter, RATE_WINDOW_SECONDS, type Lease } from "../../server/api/rate-limit.ts";
import { vtimezoneLines } from "../../server/api/vtimezone.ts";

// The read API's small parts (decision 050): the budget every instance shares, the ETag comparison, and the
// calendar's time zones and text as a real iCalendar parser reads them.

/** rate_limits as the database keeps it (fixed windows from the first request), in memory, on the test's clock. */
function memoryLease(clock: () => number, windowMs = RATE_WINDOW_SECONDS * 1000): Lease & { calls: number } {
  const rows = new Map<string, { count: number; expires: number }>();
  const lease = Object.assign(
    async (key: string, amount: number) => {
      lease.calls++;
      const t = clock();
      const row = rows.get(key);
      const fresh = !row || row.expires <= t;
      const next = fresh ? { count: amount, expires: t + windowMs } : { ...row, count: row.count + amount };
      rows.set(key, next);
      return { count: next.count, waitMs: next.expires - t };
    },
    { calls: 0 },
  );
  return lease;
}

describe("shared rate limiter", () => {
  it("allows `limit` requests per key in a window, refuses the next, and starts over when the window turns", async () => {
    let now = 5_000;
    const lease = memoryLease(() => now);
    const take = createSharedRateLimiter(3, lease, { now: () => now });
    const allowed = [];
    for (let i = 0; i < 4; i++) allowed.push((await take("a")).allowed);
    expect(allowed).toEqual([true, true, true, false]);
    now += 5_000;
    expect(await take("a")).toMatchObject({ allowed: false, remaining: 0, limit: 3, resetSeconds: 55 });
    expect(await take("b")).toMatchObject({ allowed: true, remaining: 2 });
    now += 55_000;
    expect(await take("a")).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it("counts exactly on one instance and leases ever larger shares of a busy key (a write per lease, not per request)", async () => {
    const now = 0;
    const lease = memoryLease(() => now);
    const take = createSharedRateLimiter(1000, lease, { now: () => now, maxLease: 50 });
    const remaining: number[] = [];
    for (let i = 0; i < 1000; i++) remaining.push((await take("busy")).remaining);
    expect(remaining).toEqual(Array.from({ length: 1000 }, (_, i) => 999 - i));
    expect((await take("busy")).allowed).toBe(false);
    expect(lease.calls).toBeLessThan(30); // 1, 2, 4, 8, 16, 32, then 50 each
  });

  it("never lets instances that share the store allow more than the limit together, even all at once", async () => {
    const now = 0;
    const lease = memoryLease(() => now);
    const instances = [1, 2, 3].map(() => createSharedRateLimiter(40, lease, { now: () => now }));
    const hits = await Promise.all(Array.from({ length: 200 }, (_, i) => instances[i % 3]("shared")));
    expect(hits.filter((h) => h.allowed)).toHaveLength(40);
    // once every instance has spent its share, nothing more
    for (const take of instances) expect((await take("shared")).allowed).toBe(false);
  });

  it("counts on its own for a second when the store cannot be reached", async () => {
    let now = 0;
    const errors: unknown[] = [];
    const failing: Lease = async () => {
      throw new Error("database down");
    };
    const take = createSharedRateLimiter(40, failing, { now: () => now, maxLease: 2, onError: (e) => errors.push(e) });
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await take("x")).allowed);
    expect(allowed).toEqual([true, true, false]);
    expect(errors).toHaveLength(1);
    now += 1_000;
    expect((await take("x")).allowed).toBe(true);
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
          zone: "Europe/Berlin",
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
