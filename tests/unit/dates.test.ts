import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { formatCalendarDay, formatDay, formatDayTime, formatTable, isoDay } from "#shared/dates.ts";

import { loadConfig } from "../../server/config.ts";

const BERLIN = "Europe/Berlin";
const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

describe("dates in the configured zone", () => {
  it("shows 23:30 UTC in winter as 00:30 the next day in Berlin, whatever zone the process runs in", () => {
    for (const zone of ["UTC", "America/New_York", "Asia/Tokyo"]) {
      process.env.TZ = zone;
      const late = new Date("2026-01-15T23:30:00Z");
      expect(formatDayTime(late, "de", BERLIN)).toBe("16. Jan. 2026 · 00:30 Uhr");
      expect(formatDayTime(late, "en", BERLIN)).toBe("16 Jan 2026 · 00:30");
      expect(formatDay(late, "de", BERLIN)).toBe("16. Jan. 2026");
      expect(formatTable(late, BERLIN)).toBe("16.01.2026 00:30");
      // English pages (the log, drop cards) never show a numeric German date (issue 35 item 8)
      expect(formatTable(late, BERLIN, "en")).toBe("16 Jan 2026 00:30");
      expect(isoDay(late, BERLIN)).toBe("2026-01-16");
    }
  });

  it("follows summer time and other zones", () => {
    expect(formatDayTime(new Date("2026-07-15T23:30:00Z"), "de", BERLIN)).toBe("16. Juli 2026 · 01:30 Uhr");
    expect(formatDayTime(new Date("2026-01-15T23:30:00Z"), "de", "America/New_York")).toBe("15. Jan. 2026 · 18:30 Uhr");
  });

  it("keeps a calendar day (birthday, find date) the same day in every zone", () => {
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
      process.env.TZ = zone;
      expect(formatCalendarDay("2026-03-01", "de")).toBe("01. März 2026");
      expect(formatCalendarDay("2026-03-01", "en")).toBe("01 Mar 2026");
    }
  });
});

describe("TIME_ZONE", () => {
  const env = (extra: Record<string, string>) =>
    ({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "boonees-tz-")),
      SESSION_SECRET: "x".repeat(32),
      ...extra,
    }) as NodeJS.ProcessEnv;
  it("defaults to Europe/Berlin and reaches the pages' settings", () => {
    expect(loadConfig(env({})).TIME_ZONE).toBe(BERLIN);
    expect(loadConfig(env({ TIME_ZONE: "America/New_York" })).TIME_ZONE).toBe("America/New_York");
  });
  it("stops start-up on a name that is not an IANA zone", () => {
    for (const bad of ["Mars/Olympus", "+01:00", "CEST!", "Berlin"])
      expect(() => loadConfig(env({ TIME_ZONE: bad }))).toThrow(/TIME_ZONE/);
  });
});

// Decision 056: the formats are written with Intl instead of date-fns (no date library in the browser); each must
// give date-fns's text for every instant, zone and language, whatever zone the process runs in.
describe("the same texts as date-fns", async () => {
  const { tz } = await import("@date-fns/tz");
  const { format } = await import("date-fns/format");
  const { formatDistanceStrict } = await import("date-fns/formatDistanceStrict");
  const { de } = await import("date-fns/locale/de");
  const { enGB } = await import("date-fns/locale/en-GB");
  const dates = await import("#shared/dates.ts");
  const locales = { de, en: enGB } as const;
  const fmt = (d: Date, pattern: string, zone: string, lang?: "de" | "en") =>
    format(d, pattern, { in: tz(zone), ...(lang ? { locale: locales[lang] } : {}) });
  // every month, both summer-time changes in Berlin and New York, midnight and late evening, a leap day
  const instants = [
    ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 1 + m * 2, (m * 5) % 24, m * 7))),
    new Date("2026-03-29T00:59:59Z"),
    new Date("2026-03-29T01:00:00Z"),
    new Date("2026-10-25T00:30:00Z"),
    new Date("2026-10-25T01:30:00Z"),
    new Date("2026-03-08T06:59:00Z"),
    new Date("2026-11-01T05:30:00Z"),
    new Date("2028-02-29T23:00:00Z"),
    new Date("2026-12-31T23:00:00Z"),
    new Date("0999-06-15T12:00:00Z"),
  ];
  const zones = [
    "Europe/Berlin",
    "UTC",
    "America/New_York",
    "Asia/Kolkata",
    "Pacific/Kiritimati",
    "Australia/Adelaide",
  ];

  it("formats every instant in every zone and language as date-fns did", () => {
    for (const processZone of ["UTC", "America/Los_Angeles"]) {
      process.env.TZ = processZone;
      for (const d of instants)
        for (const zone of zones) {
          for (const lang of ["de", "en"] as const) {
            const day = lang === "de" ? "dd. MMM yyyy" : "dd MMM yyyy";
            expect(dates.formatDay(d, lang, zone)).toBe(fmt(d, day, zone, lang));
            expect(dates.formatDayTime(d, lang, zone)).toBe(
              lang === "de"
                ? `${fmt(d, "dd. MMM yyyy · HH:mm", zone, "de")} Uhr`
                : fmt(d, "dd MMM yyyy · HH:mm", zone, "en"),
            );
            expect(dates.formatTime(d, lang, zone)).toBe(`${fmt(d, "HH:mm", zone)}${lang === "de" ? " Uhr" : ""}`);
            expect(dates.formatSpreadsheetTime(d, lang, zone)).toBe(
              fmt(d, lang === "de" ? "dd.MM.yyyy HH:mm" : "yyyy-MM-dd HH:mm", zone),
            );
          }
          expect(dates.formatTable(d, zone)).toBe(fmt(d, "dd.MM.yyyy HH:mm", zone));
          expect(dates.formatTable(d, zone, "en")).toBe(fmt(d, "dd MMM yyyy HH:mm", zone, "en"));
          expect(dates.isoDay(d, zone)).toBe(fmt(d, "yyyy-MM-dd", zone));
        }
    }
  });

  it("writes calendar days and chart days as date-fns did", () => {
    for (
      let day = new Date("2026-01-01T12:00:00Z");
      day.getUTCFullYear() === 2026;
      day = new Date(day.getTime() + 86_400_000 * 3)
    ) {
      const iso = day.toISOString().slice(0, 10);
      for (const lang of ["de", "en"] as const) {
        expect(dates.formatCalendarDay(iso, lang)).toBe(
          fmt(day, lang === "de" ? "dd. MMM yyyy" : "dd MMM yyyy", "UTC", lang),
        );
        expect(dates.formatShortCalendarDay(iso, lang)).toBe(fmt(day, lang === "de" ? "dd.MM." : "d MMM", "UTC", lang));
      }
    }
  });

  it("counts the distance to a time as date-fns's formatDistanceStrict did, across a summer-time change too", () => {
    const steps = [0, 999, 1000, 59_999, 60_000, 3_599_999, 3_600_000, 86_399_999, 86_400_000, 2 * 86_400_000];
    const more = [
      29 * 86_400_000,
      30 * 86_400_000,
      45 * 86_400_000,
      364 * 86_400_000,
      365 * 86_400_000,
      800 * 86_400_000,
    ];
    for (const processZone of ["UTC", "Europe/Berlin", "America/New_York"]) {
      process.env.TZ = processZone;
      for (const now of [
        new Date("2026-03-27T10:00:00Z"),
        new Date("2026-10-24T22:30:00Z"),
        new Date("2026-06-01T00:00:00Z"),
      ])
        for (const step of [...steps, ...more, 3 * 86_400_000 + 3_600_000])
          for (const sign of [1, -1]) {
            const d = new Date(now.getTime() + sign * step);
            for (const lang of ["de", "en"] as const)
              expect(
                dates.formatFromNow(d, now, lang),
                `${d.toISOString()} from ${now.toISOString()} in ${processZone}`,
              ).toBe(formatDistanceStrict(d, now, { addSuffix: true, locale: locales[lang], roundingMethod: "floor" }));
          }
    }
  });
});
