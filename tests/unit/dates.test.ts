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
