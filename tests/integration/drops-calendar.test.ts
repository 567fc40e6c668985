import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { releaseDue } from "../../server/domain/drops/release-drop.ts";
import { cancelDrop, createDrop, editDrop } from "../../server/domain/drops/save-drop.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { city, figure, TOKYO, uniqueName } from "../support/factories.ts";
import { hasBuild, IP_HEADER, startReadApiServer } from "../support/read-api-server.ts";
import { createStaff, createTestServices, type TestServices } from "./harness.ts";

// Issue 38 item 3 (decision 050): /drops.ics read by a real iCalendar parser (ical.js) before and after
// a drop moves and after it is cancelled (UID stable, SEQUENCE grows, STATUS:CANCELLED); a waiting drop
// shows its time only, as /drops does; a released one its title, area and link, in TIME_ZONE. Both databases.
let s: TestServices;
let base = "";
let close: () => Promise<void> = async () => {};
let admin: Actor;
let ip = 0;

beforeAll(async () => {
  if (!hasBuild && !process.env.CI) return;
  s = await createTestServices();
  ({ base, close } = await startReadApiServer(s));
  admin = await createStaff(s, "admin", "Ada Admin");
}, 180_000);

afterAll(async () => {
  await close();
  await s?.close();
});

interface FeedEvent {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  location: string | null;
  url: string;
  start: number;
  tzid: string | null;
  /** The start's wall-clock time in its own zone, HH:MM. */
  local: string;
}

/** The feed as a calendar reads it: its zone registered, each event's start as an instant. */
async function readFeed(lang = "de", query = ""): Promise<{ text: string; events: FeedEvent[] }> {
  const res = await fetch(`${base}/drops.ics?lang=${lang}${query}`, {
    headers: { [IP_HEADER]: `192.0.2.${1 + (ip++ % 250)}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty("dtstart")!;
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue("status")),
      summary: event.summary,
      location: (event.location as string | null) || null,
      url: String(vevent.getFirstPropertyValue("url")),
      start: event.startDate.toJSDate().getTime(),
      tzid: (dtstart.getParameter("tzid") as string | undefined) ?? null,
      local: `${String(event.startDate.hour).padStart(2, "0")}:${String(event.startDate.minute).padStart(2, "0")}`,
    };
  });
  return { text, events };
}

const texts = (title: string) => ({
  titleDe: title,
  titleEn: `${title} EN`,
  descriptionDe: `Beschreibung ${title}`,
  descriptionEn: "Description",
  areaDe: `Bereich ${title}`,
  areaEn: `Area ${title}`,
});
/** As if the drop had been scheduled ten minutes ago (its SEQUENCE counts seconds since then). */
const scheduledEarlier = (id: string) =>
  s.db.execute(
    sql`update drops set created_at = now() - interval '10 minutes', updated_at = now() - interval '10 minutes' where id = ${id}`,
  );
const hour = 3_600_000;

describe.skipIf(!hasBuild && !process.env.CI)(
  `drops calendar feed on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
  () => {
    it("the next drop is its time only; moved: same UID, higher SEQUENCE, new start; cancelled: STATUS:CANCELLED, higher SEQUENCE", async () => {
      const title = uniqueName("GEHEIMDROP");
      const f = await figure(s.db, { name: "GEHEIMFIGUR" });
      const releaseAt = new Date(Math.ceil((Date.now() + 48 * hour) / 60_000) * 60_000);
      const drop = await createDrop(s.db, admin, { ...texts(title), releaseAt, figureIds: [f.id] });
      await scheduledEarlier(drop.id);

      const before = await readFeed();
      expect(before.events).toHaveLength(1);
      const [next] = before.events;
      expect(next).toMatchObject({
        status: "CONFIRMED",
        summary: "Nächster Boonees-Drop",
        location: null,
        tzid: "Europe/Berlin",
      });
      expect(next.start).toBe(releaseAt.getTime());
      expect(next.url).toMatch(/\/drops$/);
      // nothing of the waiting drop beyond its time: not its title, area, figures or id
      for (const secret of [title, "Bereich", "GEHEIMFIGUR", drop.id, f.code])
        expect(before.text).not.toContain(secret);
      expect((await readFeed("en")).events[0].summary).toBe("Next Boonees drop");

      const movedTo = new Date(releaseAt.getTime() + 26 * hour);
      await editDrop(s.db, admin, { id: drop.id, ...texts(title), releaseAt: movedTo });
      await expect.poll(async () => (await readFeed()).events[0]?.start, { timeout: 5_000 }).toBe(movedTo.getTime());
      const moved = (await readFeed()).events;
      expect(moved).toHaveLength(1);
      expect(moved[0].uid).toBe(next.uid);
      expect(moved[0].sequence).toBeGreaterThan(next.sequence);

      await cancelDrop(s.db, admin, { dropId: drop.id });
      await expect.poll(async () => (await readFeed()).events[0]?.status, { timeout: 5_000 }).toBe("CANCELLED");
      const cancelled = (await readFeed()).events;
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0].uid).toBe(next.uid);
      expect(cancelled[0].sequence).toBeGreaterThan(moved[0].sequence);
      expect(cancelled[0].start).toBe(movedTo.getTime());
    });

    it("a released drop: its title, area and link at its release time in TIME_ZONE, with the UID it had while it waited; a drop behind the next one is not in the feed, cancelled or not", async () => {
      const f = await figure(s.db, { name: uniqueName("Dropfigur") });
      const title = uniqueName("Sommerdrop");
      const releaseAt = new Date(Math.ceil((Date.now() + hour) / 60_000) * 60_000);
      const drop = await createDrop(s.db, admin, { ...texts(title), releaseAt, figureIds: [f.id] });
      await scheduledEarlier(drop.id);
      const laterAt = new Date(releaseAt.getTime() + 5 * hour);
      const later = await createDrop(s.db, admin, {
        ...texts(uniqueName("SPAETERDROP")),
        releaseAt: laterAt,
        figureIds: [],
      });
      const feed = (await readFeed()).events;
      const waiting = feed.filter((e) => e.status === "CONFIRMED");
      expect(waiting).toHaveLength(1);
      expect(waiting[0].start).toBe(releaseAt.getTime());
      expect(feed.map((e) => e.start)).not.toContain(laterAt.getTime());

      await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${drop.id}`);
      await releaseDue(s.db);
      const [{ released_at }] = await queryRows<{ released_at: Date | string }>(
        s.db,
        sql`select released_at from drops where id = ${drop.id}`,
      );
      // the released drop is live (its figure still hidden): /drops shows it, not the next one
      const { text, events } = await readFeed();
      const released = events.find((e) => e.url.endsWith(`/drops/${drop.id}`));
      expect(released).toMatchObject({
        uid: waiting[0].uid,
        status: "CONFIRMED",
        summary: `Boonees-Drop: ${title}`,
        location: `Bereich ${title}`,
        tzid: "Europe/Berlin",
      });
      expect(released!.sequence).toBeGreaterThan(waiting[0].sequence);
      expect(Math.abs(released!.start - new Date(released_at).getTime())).toBeLessThan(1000);
      expect((await readFeed("en")).events.find((e) => e.uid === released!.uid)?.location).toBe(`Area ${title}`);
      expect(text).not.toContain("SPAETERDROP");
      expect(events.filter((e) => e.summary === "Nächster Boonees-Drop")).toHaveLength(0);

      // cancelled while the live drop stood in its place on /drops: it was never shown, so it stays out
      await cancelDrop(s.db, admin, { dropId: later.id });
      const after = await readFeed();
      expect(after.events.map((e) => e.start)).not.toContain(laterAt.getTime());
      expect(after.events.map((e) => e.uid)).toContain(released!.uid);
      expect(after.text).not.toContain("SPAETERDROP");
    });

    it("each drop starts in its city's zone; /drops.ics?city= holds only that city's drops; an unknown city is a 404 problem", async () => {
      const tokyo = await city(s.db, { ...TOKYO, active: true });
      const luebeck = await city(s.db, { nameDe: "Lübeck", nameEn: "Lübeck", active: true });
      // 09:00 in Tokyo (UTC+9, no summer time) is 00:00 UTC: tomorrow's
      const day = 86_400_000;
      const nineInTokyo = new Date(Math.floor(Date.now() / day) * day + day);
      const tokyoFigure = await figure(s.db, { name: uniqueName("Tokiofigur"), cityId: tokyo.id });
      const tokyoDrop = await createDrop(s.db, admin, {
        ...texts(uniqueName("TOKIODROP")),
        releaseAt: nineInTokyo,
        figureIds: [tokyoFigure.id],
        cityId: tokyo.id,
      });
      const luebeckAt = new Date(Math.ceil((Date.now() + 30 * hour) / 60_000) * 60_000);
      await createDrop(s.db, admin, {
        ...texts(uniqueName("LUEBECKDROP")),
        releaseAt: luebeckAt,
        figureIds: [],
        cityId: luebeck.id,
      });

      const tokyoFeed = await readFeed("en", `&city=${tokyo.slug}`);
      expect(tokyoFeed.events).toHaveLength(1);
      expect(tokyoFeed.events[0]).toMatchObject({ tzid: "Asia/Tokyo", local: "09:00", summary: "Next Boonees drop" });
      expect(tokyoFeed.events[0].start).toBe(nineInTokyo.getTime());
      expect(tokyoFeed.text).toContain("X-WR-CALNAME:Boonees drops Tokyo");
      const luebeckFeed = await readFeed("de", `&city=${luebeck.slug.toUpperCase()}`);
      expect(luebeckFeed.events).toHaveLength(1);
      expect(luebeckFeed.events[0]).toMatchObject({ tzid: "Europe/Berlin", start: luebeckAt.getTime() });
      expect(luebeckFeed.events.map((e) => e.uid)).not.toContain(tokyoFeed.events[0].uid);
      expect(luebeckFeed.text).not.toContain("Asia/Tokyo");

      // released (at 09:00 Tokyo time yesterday): the feed of every city shows it in Tokyo's zone, beside Berlin's
      await s.db.execute(sql`update drops set release_at = now() - interval '1 second' where id = ${tokyoDrop.id}`);
      await releaseDue(s.db);
      await s.db.execute(
        sql`update drops set released_at = ${new Date(nineInTokyo.getTime() - 2 * day).toISOString()}::timestamptz where id = ${tokyoDrop.id}`,
      );
      const all = await readFeed();
      const released = all.events.find((e) => e.url.endsWith(`/drops/${tokyoDrop.id}`));
      expect(released).toMatchObject({ tzid: "Asia/Tokyo", local: "09:00", uid: tokyoFeed.events[0].uid });
      expect(all.events.some((e) => e.tzid === "Europe/Berlin")).toBe(true);
      expect(all.text.match(/^BEGIN:VTIMEZONE/gm)).toHaveLength(2);
      expect((await readFeed("de", `&city=${luebeck.slug}`)).text).not.toContain(tokyoDrop.id);
      // an empty ?city= (a form's "all cities") is the feed of every city
      expect((await readFeed("de", "&city=")).events.map((e) => e.uid)).toEqual(all.events.map((e) => e.uid));

      const unknown = await fetch(`${base}/drops.ics?city=atlantis`, { headers: { [IP_HEADER]: "192.0.2.251" } });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get("content-type")).toBe("application/problem+json");
    });
  },
);
