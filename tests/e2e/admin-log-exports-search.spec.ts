import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { activity, claimRow } from "../support/factories.ts";
import { createAccount, gotoAdmin, ownerWith, signInAsModerator } from "./admin-fixtures.ts";
import { db, downloadFrom, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 25 "The second week", items 12, 13 and 15 as the operator sees them (phones: admin-cards-and-countdown-mobile.spec.ts).

test.beforeEach(() => test.slow());

type Page = import("@playwright/test").Page;

const download = async (page: Page, label: RegExp | string) => (await downloadFrom(page, label)).text;

/** A type with `n` instances (numbers 2…n+1, created one second apart); the second instance is owned. */
async function typeWithInstances(page: Page, n: number) {
  const name = `Hafenwicht ${unique()}`;
  const series = `Kai ${unique()}`;
  const type = await seedFigure({ name, series, status: "Placed" });
  const instances = [];
  for (let i = 0; i < n; i++) {
    const b = await seedFigure({ name, series, typeId: type.id });
    await db
      .update(schema.boonees)
      .set({ createdAt: new Date(Date.UTC(2026, 6, 1, 10, 0, i)) })
      .where(eq(schema.boonees.id, b.id));
    instances.push(b);
  }
  await db
    .update(schema.boonees)
    .set({ createdAt: new Date(Date.UTC(2026, 5, 1, 10, 0, 0)) })
    .where(eq(schema.boonees.id, type.id));
  const { user } = await ownerWith(page, [], `Finja ${unique()}`);
  await db
    .update(schema.boonees)
    .set({ ownerId: user.id, claimedAt: new Date(Date.UTC(2026, 6, 2, 22, 30)), status: "Found" })
    .where(eq(schema.boonees.id, instances[1].id));
  await db.update(schema.tags).set({ isClaimed: true }).where(eq(schema.tags.figureId, instances[1].id));
  await claimRow(db, { figureId: instances[1].id, userId: user.id, claimedAt: new Date(Date.UTC(2026, 6, 2, 22, 30)) });
  return { name, series, type, instances, owner: user };
}

test.describe("item 12: CSV exports a German spreadsheet reads", () => {
  test("the figures export holds the searched and filtered list, in its order, with ; and German values and Berlin times; claims in English with ,", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 3);
    await ownerPage.close();
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/boonees");
    await page.getByRole("searchbox").fill(w.series);
    await page.getByLabel("Nach Status filtern").selectOption("Placed"); // sends the form
    await expect(page).toHaveURL(/status=Placed/);
    await expect(page.getByTestId("admin-figure-card")).toHaveCount(3); // the type and two unclaimed instances
    const text = await download(page, /Die Boonees dieser Liste als CSV herunterladen/);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Name;Nummer;Serie;Seltenheit;Status;Claim-Code;Besitzer:in;E-Mail;Geclaimt am;Versteck-Notiz;Angelegt am;ID;Typ-ID",
    );
    // what the list shows: newest first, the claimed one (Found) left out by the filter
    expect(lines.slice(1).map((l) => l.split(";")[1])).toEqual(["4", "2", ""]);
    expect(lines[1]).toContain(";Platziert;");
    expect(lines[1]).not.toContain("Placed");
    expect(lines[1]).toContain(w.instances[2].code);
    expect(lines[1]).toContain(";01.07.2026 12:00;"); // 10:00 UTC is 12:00 in Berlin (summer)
    expect(text).not.toContain(w.instances[1].code);

    await useEnglish(page);
    await gotoAdmin(page, `/admin/claims?q=${encodeURIComponent(w.owner.name)}`);
    const claims = (await download(page, /Download the claims of this list as CSV/)).trim().split("\r\n");
    expect(claims[0]).toBe(
      "Name,Number,Series,Rarity,Claimed by,E-mail,Claim code,Claimed at,Status,Reason,Reviewed at,ID",
    );
    expect(claims).toHaveLength(2);
    expect(claims[1]).toContain(`,${w.owner.name},`);
    expect(claims[1]).toContain(",2026-07-03 00:30,Pending,"); // 22:30 UTC is the next day in Berlin
  });
});

test.describe("item 13: the activity log tells the week's story", () => {
  test("system, which figure, what changed and roles in the reader's language (German and English)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 3);
    await ownerPage.close();
    const person = await createAccount(`Rollo ${unique()}`);
    const dropTitle = `Drop ${unique()}`;
    const legacyName = `Alt ${unique()}`;
    await activity(db, {
      actorId: null,
      action: "drop.released",
      objectType: "drop",
      objectId: crypto.randomUUID(),
      objectLabel: dropTitle,
    });
    // written before entries had details
    await activity(db, {
      actorId: null,
      action: "role.changed",
      objectType: "account",
      objectId: crypto.randomUUID(),
      objectLabel: `${legacyName} → moderator`,
    });
    await signInAsAdmin(page);
    // an edit through the page: the status of instance Nr. 3, which Finja owns
    await gotoAdmin(page, `/admin/boonees?q=${w.instances[1].code}`);
    const card = page.getByTestId("admin-figure-card");
    await card.getByRole("button", { name: "Bearbeiten" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status").selectOption("Archived");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();
    // a role change through the page
    await gotoAdmin(page, `/admin/users?q=${encodeURIComponent(person.email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: person.email });
    await row.getByLabel(`Rolle von ${person.name}`).selectOption("moderator");
    await row.getByRole("button", { name: `Neue Rolle für ${person.name} speichern` }).click();
    await expect(row.locator('[data-slot="badge"]')).toHaveText("Moderator");

    await gotoAdmin(page, "/admin/activity");
    const entries = page.getByTestId("activity-row");
    const edited = entries.filter({ hasText: "Boonee bearbeitet" }).filter({ hasText: w.name }).first();
    await expect(edited.getByTestId("activity-object")).toContainText(`Nr. 3 · Besitzer:in: ${w.owner.name}`);
    await expect(edited.getByTestId("activity-changes")).toHaveText("Status: Gefunden → Archiviert");
    const released = entries.filter({ hasText: dropTitle });
    await expect(released.getByTestId("activity-actor")).toHaveText("System");
    await expect(entries.filter({ hasText: person.name }).getByTestId("activity-role")).toHaveText(
      "Nutzer → Moderator",
    );
    await expect(entries.filter({ hasText: legacyName })).toContainText(`${legacyName} → Moderator`);
    await expect(entries.filter({ hasText: /→ moderator/ })).toHaveCount(0);

    await useEnglish(page);
    await gotoAdmin(page, "/admin/activity");
    const editedEn = page
      .getByTestId("activity-row")
      .filter({ hasText: "Boonee edited" })
      .filter({ hasText: w.name })
      .first();
    await expect(editedEn.getByTestId("activity-object")).toContainText(`No. 3 · Owner: ${w.owner.name}`);
    await expect(editedEn.getByTestId("activity-changes")).toHaveText("Status: Found → Archived");
    await expect(
      page.getByTestId("activity-row").filter({ hasText: dropTitle }).getByTestId("activity-actor"),
    ).toHaveText("System");
  });
});

test.describe("item 15: smaller things", () => {
  test("the list finds “Nr. 4”, the delete dialog names number and code, the tags tile counts SUN tags (German)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 3);
    await ownerPage.close();
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(`${w.name} Nr. 4`)}`);
    const cards = page.getByTestId("admin-figure-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId("figure-code")).toHaveText(w.instances[2].code);
    await cards.first().getByRole("button", { name: "Löschen" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Nr. 4");
    await expect(confirm).toContainText(w.instances[2].code);
    await confirm.getByRole("button", { name: "Abbrechen" }).click();

    await gotoAdmin(page, "/admin");
    await expect(page.getByTestId("stat-tags")).toContainText("SUN-Tags");
    await expect(page.getByTestId("stat-tags")).toContainText(/\d+ von \d+ Tags nur mit Code/);
  });

  test("a refused moderator gets a 403 page with the reason and the way back (English)", async ({ page }) => {
    await signInAsModerator(page);
    await useEnglish(page);
    expect((await page.goto("/admin/users"))?.status()).toBe(403);
    await expect(page.getByText("Only admins can open that page.", { exact: false })).toBeVisible();
    await page.getByRole("link", { name: "Go to the admin dashboard" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("granting the admin role asks first, also with scripts; “Claim code” on the English create page", async ({
    page,
  }) => {
    const person = await createAccount(`Grant ${unique()}`);
    await signInAsAdmin(page);
    await useEnglish(page);
    await gotoAdmin(page, `/admin/users?q=${encodeURIComponent(person.email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: person.email });
    await row.getByLabel(`Role of ${person.name}`).selectOption("admin");
    await row.getByRole("button", { name: `Save the new role for ${person.name}` }).click();
    await expect(page.getByTestId("role-confirm")).toBeVisible();
    const roles = await db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, person.id));
    expect(roles.map((r) => r.role)).toEqual(["user"]);

    await gotoAdmin(page, "/admin/create-boonee");
    await page.getByLabel("Name", { exact: true }).fill(`Kreato ${unique()}`);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Claim code is required. Generate a code.")).toBeVisible();
    await expect(page.getByText("Secret Code")).toHaveCount(0);
  });
});
