import type { Browser, Page } from "@playwright/test";
import { eq, inArray, sql } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { formatDay, formatDayTime, formatSpreadsheetTime, formatTable } from "../../shared/dates.ts";
import { toZonedInput } from "../../shared/zoned-time.ts";
import { activity, city, cityStaffRow, claimRow, drop, dropDueNow } from "../support/factories.ts";
import { createAccount, gotoAdmin } from "./admin-fixtures.ts";
import {
  db,
  downloadFrom,
  expect,
  grantRole,
  seedFigure,
  signIn,
  signInAsAdmin,
  unique,
  useEnglish,
} from "./fixtures.ts";

// Issue 37's "Done when" in the browser, shared by the desktop (German) and phone (English) specs: a Tokyo
// claim at 00:30 Tokyo time is dated that Tokyo day everywhere; the leaderboards per city and overall differ
// as they should; the users page gives roles for cities; a collector who follows only Lübeck gets no Tokyo drop
// notification. Each run makes its own cities and people.

export type Lang = "de" | "en";

const TEXTS = {
  de: {
    foundOn: (date: string) => `Gefunden am ${date}`,
    csv: "Die Claims dieser Liste als CSV herunterladen",
    change: (name: string) => `Ändern – neue Rolle für ${name} speichern`,
    roleFor: (name: string) => `Rolle von ${name}`,
    moderator: "Moderator",
    admin: "Admin",
    updated: "Nutzerrolle erfolgreich aktualisiert",
    all: "Alle Städte",
    only: "Nur diese Städte",
    some: (names: string) => `Städte: ${names}`,
    grant: "Ja, zum Admin machen",
    introCity: "Die Teams deiner Städte.",
    empty: "Keine Nutzer gefunden.",
    search: "Nutzer suchen",
    citiesRequired: "Wähle mindestens eine Stadt für diese Rolle.",
    follow: "Stadt folgen",
    unfollow: "Nicht mehr folgen",
    drop: {
      city: "Stadt",
      titleDe: "Titel (Deutsch)",
      titleEn: "Titel (Englisch)",
      search: "Boonees suchen",
      searchButton: "Suchen",
      start: "Start",
      schedule: "Drop planen",
      scheduled: "Drop geplant.",
    },
    live: (title: string) => `Der Drop ist live: ${title}`,
  },
  en: {
    foundOn: (date: string) => `Found on ${date}`,
    csv: "Download the claims of this list as CSV",
    change: (name: string) => `Change – save the new role for ${name}`,
    roleFor: (name: string) => `Role of ${name}`,
    moderator: "Moderator",
    admin: "Admin",
    updated: "User role updated successfully",
    all: "All cities",
    only: "Only these cities",
    some: (names: string) => `Cities: ${names}`,
    grant: "Yes, make admin",
    introCity: "The teams of your cities.",
    empty: "No users found.",
    search: "Search users",
    citiesRequired: "Choose at least one city for this role.",
    follow: "Follow city",
    unfollow: "Unfollow",
    drop: {
      city: "City",
      titleDe: "Title (German)",
      titleEn: "Title (English)",
      search: "Search Boonees",
      searchButton: "Search",
      start: "Start",
      schedule: "Schedule drop",
      scheduled: "Drop scheduled.",
    },
    live: (title: string) => `The drop is live: ${title} EN`,
  },
} as const;

/** An active city of this run, straight into the database. */
export async function newCity(nameDe: string, nameEn: string, timeZone: string, country = "DE") {
  const suffix = unique()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
  return city(db, {
    slug: `${nameEn.toLowerCase().replace(/[^a-z]+/g, "")}-${suffix}`.slice(0, 40),
    nameDe: `${nameDe} ${suffix}`,
    nameEn: `${nameEn} ${suffix}`,
    timeZone,
    country,
    active: true,
  });
}

/** A staff account of some cities, signed in on `page` (in `lang`). */
export async function staffOf(page: Page, role: "admin" | "moderator", cityIds: number[], lang: Lang) {
  const user = await createAccount(`${role} ${unique()}`);
  await grantRole(user.id, role);
  await db.delete(schema.cityStaff).where(eq(schema.cityStaff.userId, user.id));
  for (const cityId of cityIds) await cityStaffRow(db, user.id, cityId);
  if (lang === "en") await useEnglish(page);
  await signIn(page, user.email, user.password);
  return user;
}

async function newPage(browser: Browser, lang: Lang, phone: boolean) {
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 740 }, isMobile: true } : {});
  const page = await context.newPage();
  if (lang === "en") await useEnglish(page);
  return page;
}

/**
 * A Tokyo claim at 00:30 Tokyo time (the afternoon before in Berlin) is dated that Tokyo day on the figure
 * page, the finder's profile, the admin claims list, the dashboard and the CSV downloaded through the browser.
 */
export async function tokyoNightClaim(browser: Browser, lang: Lang, phone = false) {
  const T = TEXTS[lang];
  const tokyo = await newCity("Tokio", "Tokyo", "Asia/Tokyo", "JP");
  const finder = await createAccount(`Nachteule ${unique()}`);
  // 27 Nov 2026 00:30 in Tokyo is 26 Nov 2026 16:30 in Berlin (the site's zone)
  const at = new Date("2026-11-26T15:30:00Z");
  const f = await seedFigure({
    name: `Mitternacht ${unique()}`,
    status: "Found",
    ownerId: finder.id,
    cityId: tokyo.id,
  });
  await db.update(schema.boonees).set({ claimedAt: at }).where(eq(schema.boonees.id, f.id));
  await claimRow(db, { figureId: f.id, userId: finder.id, claimedAt: at });
  const tokyoDay = formatDay(at, lang, "Asia/Tokyo");
  const berlinDay = formatDay(at, lang, "Europe/Berlin");
  expect(tokyoDay).not.toBe(berlinDay);

  // the figure page: found on the Tokyo day, at 00:30
  const visitor = await newPage(browser, lang, phone);
  await visitor.goto(`/boonee/${f.id}`);
  await expect(visitor.getByText(formatDayTime(at, lang, "Asia/Tokyo")).first()).toBeVisible();
  await expect(visitor.getByText(formatDayTime(at, lang, "Europe/Berlin"))).toHaveCount(0);
  await visitor.context().close();

  // the finder's profile
  const own = await newPage(browser, lang, phone);
  await signIn(own, finder.email, finder.password);
  await own.goto("/profile");
  const card = own.getByTestId("owned-figure").filter({ hasText: f.name });
  await expect(card.getByTestId("owned-details")).toContainText(T.foundOn(tokyoDay));
  await expect(card.getByTestId("owned-details")).not.toContainText(berlinDay);
  await own.context().close();

  // Tokyo's admin: the claims list, the dashboard's latest claims and the CSV
  const admin = await newPage(browser, lang, phone);
  await staffOf(admin, "admin", [tokyo.id], lang);
  const row = formatTable(at, "Asia/Tokyo");
  expect(row).toBe("27.11.2026 00:30");
  await gotoAdmin(admin, `/admin/claims?q=${encodeURIComponent(f.name)}`);
  const claim = admin.getByTestId("claim-row").filter({ hasText: f.name });
  await expect(claim).toContainText(row);
  await expect(claim).not.toContainText(formatTable(at, "Europe/Berlin"));
  const csv = await downloadFrom(admin, T.csv);
  const line = csv.text.split(/\r?\n/).find((l) => l.includes(f.name));
  expect(line).toContain(formatSpreadsheetTime(at, lang, "Asia/Tokyo"));
  expect(line).not.toContain(formatSpreadsheetTime(at, lang, "Europe/Berlin"));
  await gotoAdmin(admin, "/admin");
  await expect(admin.getByRole("row").filter({ hasText: finder.name }).first()).toContainText(row);
  await admin.context().close();
}

/**
 * A collector with finds in two cities: each city's board counts only that city's finds (a rival with more
 * finds in Lübeck leads there, and is not on Tokyo's board), the overall board counts the sum.
 */
export async function leaderboardsDiffer(browser: Browser, lang: Lang, phone = false) {
  const luebeck = await newCity("Lübeck", "Luebeck", "Europe/Berlin");
  const tokyo = await newCity("Tokio", "Tokyo", "Asia/Tokyo", "JP");
  const collector = await createAccount(`Weltenbummlerin ${unique()}`);
  const rival = await createAccount(`Lokalheld ${unique()}`);
  const finds = async (ownerId: string, cityId: number, n: number) => {
    for (let i = 0; i < n; i++) await seedFigure({ status: "Found", ownerId, cityId });
  };
  await finds(collector.id, luebeck.id, 2);
  // more than anyone so far (the test database is shared, earlier runs left their collectors): first overall
  const [{ most }] = (
    await db.execute<{ most: number }>(sql`select coalesce(max(owned), 0)::int as most from owner_counts`)
  ).rows;
  const inTokyo = Math.max(40, most);
  await finds(collector.id, tokyo.id, inTokyo);
  await finds(rival.id, luebeck.id, 3);

  const page = await newPage(browser, lang, phone);
  const board = () => page.getByTestId("board-collectors");
  const countOf = (name: string) =>
    board().getByTestId("leaderboard-row").filter({ hasText: name }).getByTestId("leaderboard-count");
  const names = () => board().getByTestId("leaderboard-name").allTextContents();

  await page.goto(`/leaderboard?city=${luebeck.slug}`);
  await expect(countOf(collector.name)).toHaveText(/^2\b/);
  await expect(countOf(rival.name)).toHaveText(/^3\b/);
  expect((await names()).slice(0, 2)).toEqual([rival.name, collector.name]);

  await page.goto(`/leaderboard?city=${tokyo.slug}`);
  await expect(countOf(collector.name)).toHaveText(new RegExp(`^${inTokyo}\\b`));
  await expect(board().getByText(rival.name)).toHaveCount(0);

  // the switch leads back to every city: the sum
  await page.getByLabel(lang === "de" ? "Stadt" : "City", { exact: true }).selectOption("");
  await page.getByRole("button", { name: lang === "de" ? "Anzeigen" : "Show" }).click();
  await expect(page).toHaveURL(/\/leaderboard(\?city=)?$/);
  await expect(countOf(collector.name)).toHaveText(new RegExp(`^${inTokyo + 2}\\b`));
  await page.context().close();
}

/**
 * The users page gives roles for cities: a global admin makes a moderator of one city with the picker; a city
 * admin finds a newcomer only by the exact e-mail address, is offered his cities only, and makes him a
 * moderator and then an admin of his city (asked twice), never a global one.
 */
export async function rolesForCities(browser: Browser, lang: Lang, phone = false) {
  const T = TEXTS[lang];
  const luebeck = await newCity("Lübeck", "Luebeck", "Europe/Berlin");
  const kiel2 = await newCity("Flensburg", "Flensburg", "Europe/Berlin");
  const tokyo = await newCity("Tokio", "Tokyo", "Asia/Tokyo", "JP");
  const cityName = (c: { nameDe: string; nameEn: string }) => (lang === "de" ? c.nameDe : c.nameEn);
  const staffRows = async (userId: string) =>
    (await db.select().from(schema.cityStaff).where(eq(schema.cityStaff.userId, userId))).map((r) => r.cityId).sort();
  const roleOf = async (userId: string) =>
    (await db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, userId))).map((r) => r.role);

  // --- a global admin: Lübeck only, with the picker
  const first = await createAccount(`Erste ${unique()}`);
  const global = await newPage(browser, lang, phone);
  await signInAsAdmin(global);
  await gotoAdmin(global, `/admin/users?q=${encodeURIComponent(first.email)}`);
  const row = global.getByTestId("user-row").filter({ hasText: first.email });
  const picker = row.getByTestId("role-cities");
  const openPicker = async () => {
    if (!(await picker.evaluate((d) => (d as HTMLDetailsElement).open))) await picker.locator("summary").click();
  };
  // a moderator of no city: refused, nothing changed
  await row.getByLabel(T.roleFor(first.name)).selectOption("moderator");
  await openPicker();
  await picker.getByLabel(T.only).check();
  await row.getByRole("button", { name: T.change(first.name) }).click();
  await expect(global.getByText(T.citiesRequired)).toBeVisible();
  expect(await roleOf(first.id)).toEqual(["user"]);
  // Lübeck only
  await row.getByLabel(T.roleFor(first.name)).selectOption("moderator");
  await openPicker();
  await picker.getByLabel(T.only).check();
  await picker.getByLabel(cityName(luebeck), { exact: true }).check();
  await row.getByRole("button", { name: T.change(first.name) }).click();
  await expect(global.getByText(T.updated)).toBeVisible();
  expect(await roleOf(first.id)).toEqual(["moderator"]);
  expect(await staffRows(first.id)).toEqual([luebeck.id]);
  await expect(
    global.getByTestId("user-row").filter({ hasText: first.email }).getByTestId("role-cities").locator("summary"),
  ).toHaveText(T.some(cityName(luebeck)));
  await global.context().close();

  // --- a city admin of Lübeck and Flensburg
  const newcomer = await createAccount(`Neuling ${unique()}`);
  const cityAdmin = await newPage(browser, lang, phone);
  await staffOf(cityAdmin, "admin", [luebeck.id, kiel2.id], lang);
  await gotoAdmin(cityAdmin, "/admin/users");
  await expect(cityAdmin.getByText(T.introCity, { exact: false })).toBeVisible();
  // his cities' staff are listed; a newcomer is not found by name, only by the exact address
  await expect(cityAdmin.getByTestId("user-row").filter({ hasText: first.email })).toBeVisible();
  await gotoAdmin(cityAdmin, `/admin/users?q=${encodeURIComponent(newcomer.name)}`);
  await expect(cityAdmin.getByText(T.empty)).toBeVisible();
  await gotoAdmin(cityAdmin, `/admin/users?q=${encodeURIComponent(newcomer.email)}`);
  const mine = cityAdmin.getByTestId("user-row").filter({ hasText: newcomer.email });
  const own = mine.getByTestId("role-cities");
  await own.locator("summary").click();
  // his cities only: no "all cities", no Tokyo
  await expect(own.getByLabel(T.all)).toHaveCount(0);
  await expect(own.getByLabel(cityName(tokyo), { exact: true })).toHaveCount(0);
  await expect(own.getByLabel(cityName(kiel2), { exact: true })).toBeVisible();
  await own.getByLabel(cityName(luebeck), { exact: true }).check();
  await mine.getByLabel(T.roleFor(newcomer.name)).selectOption("admin");
  await mine.getByRole("button", { name: T.change(newcomer.name) }).click();
  // granting the admin role is asked twice; the cities go along
  await cityAdmin.getByRole("button", { name: T.grant }).click();
  await expect(cityAdmin.getByText(T.updated)).toBeVisible();
  expect(await roleOf(newcomer.id)).toEqual(["admin"]);
  expect(await staffRows(newcomer.id)).toEqual([luebeck.id]);
  await cityAdmin.context().close();
}

/**
 * A released Tokyo drop (at 00:30 Tokyo time) and its hint: the /drops archive and the activity log (as Tokyo's
 * admin) show them in Tokyo's time; the legal notice adds the city's own operator.
 */
export async function cityTimesAndOperator(browser: Browser, lang: Lang, phone = false) {
  const tokyo = await newCity("Tokio", "Tokyo", "Asia/Tokyo", "JP");
  const operator = `Boonees Tokio KK ${unique()}`;
  await db
    .update(schema.cities)
    .set({ operatorName: operator, operatorEmail: "tokyo@boonees.test", operatorAddress: "Shibuya 1-1" })
    .where(eq(schema.cities.id, tokyo.id));
  const at = new Date("2026-11-26T15:30:00Z");
  const title = `Mitternachtsdrop ${unique()}`;
  const released = await drop(db, { titleDe: title, titleEn: title, releaseAt: at, releasedAt: at, cityId: tokyo.id });
  await activity(db, {
    action: "drop.released",
    objectType: "drop",
    objectId: released.id,
    objectLabel: title,
    createdAt: at,
  });

  const page = await newPage(browser, lang, phone);
  await page.goto(`/drops?city=${tokyo.slug}`);
  const card = page.getByTestId("drops-list").getByRole("listitem").filter({ hasText: title });
  await expect(card).toContainText(formatDayTime(at, lang, "Asia/Tokyo"));
  await page.goto("/about");
  const section = page.getByTestId("city-operator").filter({ hasText: tokyo.nameDe });
  await expect(section).toContainText(operator);
  await expect(section.getByRole("link", { name: "tokyo@boonees.test" })).toBeVisible();
  await page.context().close();

  const admin = await newPage(browser, lang, phone);
  await staffOf(admin, "admin", [tokyo.id], lang);
  await gotoAdmin(admin, "/admin/activity");
  const entry = admin.getByTestId("activity-row").filter({ hasText: title });
  await expect(entry).toContainText(formatTable(at, "Asia/Tokyo", lang));
  await expect(entry).not.toContainText(formatTable(at, "Europe/Berlin", lang));
  await admin.context().close();
}

type City = typeof schema.cities.$inferSelect;

/** Presses the follow (or unfollow) button on a city's page and waits for the page to say it took. */
async function setFollow(page: Page, lang: Lang, c: City, follow: boolean) {
  const T = TEXTS[lang];
  await page.goto(`/${c.slug}`);
  await page.getByRole("button", { name: follow ? T.follow : T.unfollow }).click();
  await expect(page.getByRole("button", { name: follow ? T.unfollow : T.follow })).toBeVisible();
}

/**
 * Schedules a drop of the city an hour ahead through /admin/drops (the city chosen in the form, the start typed
 * in the city's zone, one of its figures ticked); returns the stored drop.
 */
async function scheduleCityDrop(page: Page, lang: Lang, c: City, title: string, figureName: string) {
  const T = TEXTS[lang].drop;
  await gotoAdmin(page, "/admin/drops");
  const form = page.getByTestId("drop-form");
  await form.getByLabel(T.city, { exact: true }).selectOption({ label: lang === "de" ? c.nameDe : c.nameEn });
  await form.getByLabel(T.titleDe).fill(title);
  await form.getByLabel(T.titleEn).fill(`${title} EN`);
  // the picker lists the chosen city's figures (its search carries the city select)
  await form.getByLabel(T.search).fill(figureName);
  await form.getByRole("button", { name: T.searchButton, exact: true }).click();
  await form.getByLabel(figureName).check();
  const releaseAt = new Date(Date.now() + 3_600_000);
  await form.getByLabel(T.start, { exact: true }).fill(toZonedInput(releaseAt, c.timeZone));
  await form.getByRole("button", { name: T.schedule }).click();
  await expect(page.getByText(T.scheduled)).toBeVisible();
  await expect(page.getByTestId("admin-drop").filter({ hasText: title })).toHaveAttribute("data-state", "waiting");
  const [stored] = await db.select().from(schema.drops).where(eq(schema.drops.titleDe, title));
  // in the city, at the time typed in its zone (seconds typed, milliseconds not)
  expect(stored.cityId).toBe(c.id);
  expect(Math.abs(stored.releaseAt.getTime() - releaseAt.getTime())).toBeLessThan(1000);
  return stored;
}

/**
 * A collector who follows only Lübeck (he follows it on its page and unfollows his default city there) gets the
 * Lübeck drop in his bell and never the Tokyo drop, both scheduled by an admin through the drop form and
 * released by the server; a Tokyo follower's bell shows the Tokyo drop (so its absence above means something).
 */
export async function onlyFollowedCityDrops(browser: Browser, lang: Lang, phone = false) {
  const T = TEXTS[lang];
  const luebeck = await newCity("Lübeck", "Luebeck", "Europe/Berlin");
  const tokyo = await newCity("Tokio", "Tokyo", "Asia/Tokyo", "JP");
  const luebeckFigure = await seedFigure({ name: `Holstentor-Wicht ${unique()}`, cityId: luebeck.id });
  const tokyoFigure = await seedFigure({ name: `Shibuya-Kobold ${unique()}`, cityId: tokyo.id });
  const followed = async (userId: string) =>
    (await db.select().from(schema.cityFollows).where(eq(schema.cityFollows.userId, userId))).map((r) => r.cityId);

  // the collector follows Lübeck and unfollows what he followed by default (the first city)
  const collector = await createAccount(`Lübeck-Fan ${unique()}`);
  const page = await newPage(browser, lang, phone);
  await signIn(page, collector.email, collector.password);
  const defaults = await followed(collector.id);
  await setFollow(page, lang, luebeck, true);
  for (const id of defaults) {
    const [c] = await db.select().from(schema.cities).where(eq(schema.cities.id, id));
    await setFollow(page, lang, c, false);
  }
  expect(await followed(collector.id)).toEqual([luebeck.id]);
  // a Tokyo follower
  const tokyoFan = await createAccount(`Tokio-Fan ${unique()}`);
  const fanPage = await newPage(browser, lang, phone);
  await signIn(fanPage, tokyoFan.email, tokyoFan.password);
  await setFollow(fanPage, lang, tokyo, true);

  // an admin schedules a drop in each city; both are made due and the server releases them
  const admin = await newPage(browser, lang, phone);
  await signInAsAdmin(admin);
  const luebeckTitle = `Lübeck-Drop ${unique()}`;
  const tokyoTitle = `Tokio-Drop ${unique()}`;
  const drops = [
    await scheduleCityDrop(admin, lang, luebeck, luebeckTitle, luebeckFigure.name),
    await scheduleCityDrop(admin, lang, tokyo, tokyoTitle, tokyoFigure.name),
  ];
  await admin.context().close();
  for (const d of drops) await dropDueNow(db, d.id);
  const released = async () =>
    (
      await db
        .select()
        .from(schema.drops)
        .where(
          inArray(
            schema.drops.id,
            drops.map((d) => d.id),
          ),
        )
    ).filter((d) => d.releasedAt).length;
  await expect.poll(released, { timeout: 30_000 }).toBe(2);

  // the bell: the Lübeck drop, never the Tokyo drop
  const bell = (p: Page) => p.getByTestId("notification");
  await page.goto("/notifications");
  await expect(bell(page).filter({ hasText: T.live(luebeckTitle) })).toBeVisible();
  await expect(bell(page).filter({ hasText: tokyoTitle })).toHaveCount(0);
  await page.context().close();
  // …while the Tokyo follower has it
  await fanPage.goto("/notifications");
  await expect(bell(fanPage).filter({ hasText: T.live(tokyoTitle) })).toBeVisible();
  await fanPage.context().close();
}
