import { eq } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { claimRow } from "../support/factories.ts";
import { createAccount, gotoAdmin, ownerWith, pngBytes, signInAsModerator } from "./admin-fixtures.ts";
import { E2E } from "./env.ts";
import {
  db,
  downloadFrom,
  expect,
  grantRole,
  seedFigure,
  signInAsAdmin,
  test,
  unique,
  useEnglish,
} from "./fixtures.ts";

// Issue 17, rows 4-10 of the operator's week that belong to items 4, 5, 6, 7, 9 and 11 (phones: admin-ui-mobile.spec.ts).

// Each test sets up several accounts and figures and walks a few pages: give them room on a busy machine.
test.beforeEach(() => test.slow());

const rolesOf = async (userId: string) =>
  (await db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, userId))).map((r) => r.role);

/** A type (number 1) with `n` instances (numbered 2…n+1 by creation), the second one owned and claimed by a new account. */
async function typeWithInstances(page: import("@playwright/test").Page, n: number) {
  const series = `Kai ${unique()}`;
  const type = await seedFigure({ name: `Hafenwicht ${unique()}`, series, status: "Draft" });
  const instances = [];
  for (let i = 0; i < n; i++) {
    const b = await seedFigure({ name: type.name, series, typeId: type.id });
    // distinct creation times, so the numbers follow the order made here
    await db
      .update(schema.boonees)
      .set({ createdAt: new Date(Date.now() - (n - i) * 1000) })
      .where(eq(schema.boonees.id, b.id));
    instances.push(b);
  }
  const { user } = await ownerWith(page, [], `Finja ${unique()}`);
  await db
    .update(schema.boonees)
    .set({ ownerId: user.id, claimedAt: new Date(), status: "Found" })
    .where(eq(schema.boonees.id, instances[1].id));
  await db.update(schema.tags).set({ isClaimed: true }).where(eq(schema.tags.figureId, instances[1].id));
  await claimRow(db, { figureId: instances[1].id, userId: user.id });
  return { type, series, instances, owner: user };
}

test.describe("find anything", () => {
  test("the Boonees list finds a figure by its claim code and its owner; cards show number, code and placement note (English)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 3);
    await ownerPage.close();
    const note = `Hinter der Bank ${unique()}`;
    await signInAsAdmin(page);
    await useEnglish(page);
    await gotoAdmin(page, "/admin/boonees");
    await page.getByRole("searchbox").fill(w.instances[2].code.toLowerCase());
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const cards = page.getByTestId("admin-figure-card");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("No. 4");
    await expect(cards.first().getByTestId("figure-code")).toHaveText(w.instances[2].code);
    // the placement note, written in the edit dialog
    await cards.first().getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Placement note/).fill(note);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(cards.first().getByTestId("placement-note")).toContainText(note, { timeout: 20_000 });
    expect(
      (await db.select().from(schema.boonees).where(eq(schema.boonees.id, w.instances[2].id)))[0].placementNote,
    ).toBe(note);
    // by owner name and by e-mail
    for (const q of [w.owner.name, w.owner.email]) {
      await page.getByRole("searchbox").fill(q);
      await page.getByRole("searchbox").press("Enter");
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText("No. 3");
      await expect(cards.first()).toContainText(w.owner.name);
    }
  });

  test("the Claims table finds by code for admins only and by owner name for moderators (German)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 2);
    await ownerPage.close();
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/claims?q=${w.instances[1].code}`);
    const rows = page.getByTestId("claim-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Nr. 3");
    await expect(rows.first()).toContainText(w.instances[1].code);
    const modContext = await browser.newContext();
    const mod = await modContext.newPage();
    await signInAsModerator(mod);
    await gotoAdmin(mod, `/admin/claims?q=${w.instances[1].code}`);
    await expect(mod.getByText("Keine Claims gefunden")).toBeVisible();
    await gotoAdmin(mod, `/admin/claims?q=${encodeURIComponent(w.owner.name)}`);
    await expect(mod.getByTestId("claim-row")).toHaveCount(1);
    await expect(mod.getByTestId("claim-row").first()).toContainText("Nr. 3");
    await expect(mod.getByTestId("claim-row").first()).not.toContainText(w.instances[1].code);
    await modContext.close();
  });
});

test.describe("roles", () => {
  test("a role picked before the page's scripts run is the one saved; granting admin asks first (German)", async ({
    page,
  }) => {
    const user = await createAccount(`Vorab ${unique()}`);
    await signInAsAdmin(page);
    // no JavaScript at all: the page stays as the server rendered it
    await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
    await page.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
    await expect(page.locator('[data-slot="sidebar-wrapper"]')).toHaveAttribute("data-hydrated", "false");
    const row = page.getByTestId("user-row").filter({ hasText: user.email });
    await row.getByLabel(`Rolle von ${user.name}`).selectOption("moderator");
    await row.getByRole("button", { name: `Neue Rolle für ${user.name} speichern` }).click();
    await expect(page.getByText("Nutzerrolle erfolgreich aktualisiert")).toBeVisible();
    expect(await rolesOf(user.id)).toEqual(["moderator"]);
    // admin: a confirmation step first, nothing changes until it is confirmed
    await page
      .getByTestId("user-row")
      .filter({ hasText: user.email })
      .getByLabel(`Rolle von ${user.name}`)
      .selectOption("admin");
    await page
      .getByTestId("user-row")
      .filter({ hasText: user.email })
      .getByRole("button", { name: `Neue Rolle für ${user.name} speichern` })
      .click();
    const confirm = page.getByTestId("role-confirm");
    await expect(confirm).toContainText(`${user.name} zum Admin machen?`);
    expect(await rolesOf(user.id)).toEqual(["moderator"]);
    await confirm.getByRole("button", { name: "Ja, zum Admin machen" }).click();
    await expect(page.getByText("Nutzerrolle erfolgreich aktualisiert")).toBeVisible();
    expect(await rolesOf(user.id)).toEqual(["admin"]);
  });

  test("after the scripts run: removing admin asks first, Cancel keeps it, confirming saves the chosen role (English)", async ({
    page,
  }) => {
    const user = await createAccount(`Later ${unique()}`);
    await grantRole(user.id, "admin");
    await signInAsAdmin(page);
    await useEnglish(page);
    await gotoAdmin(page, `/admin/users?q=${encodeURIComponent(user.email)}`);
    const row = page.getByTestId("user-row").filter({ hasText: user.email });
    const choose = async (role: string) => {
      await row.getByLabel(`Role of ${user.name}`).selectOption(role);
      await row.getByRole("button", { name: `Save the new role for ${user.name}` }).click();
    };
    await choose("user");
    await expect(page.getByTestId("role-confirm")).toContainText(`Remove the admin role of ${user.name}?`);
    await page.getByTestId("role-confirm").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByTestId("role-confirm")).toHaveCount(0);
    expect(await rolesOf(user.id)).toEqual(["admin"]);
    await expect(row.getByLabel(`Role of ${user.name}`)).toHaveValue("admin");
    await choose("moderator");
    await page.getByTestId("role-confirm").getByRole("button", { name: "Yes, remove admin role" }).click();
    await expect(page.getByText("User role updated successfully")).toBeVisible();
    expect(await rolesOf(user.id)).toEqual(["moderator"]);
    await expect(row.getByLabel(`Role of ${user.name}`)).toHaveValue("moderator");
  });
});

test.describe("uploads say why", () => {
  const jpegHeader = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

  test("an 11 MB JPEG names the 10 MB limit (German)", async ({ page }) => {
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/create-boonee");
    const name = `Riese ${unique()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Generieren" }).click();
    await page.getByLabel("Bild", { exact: true }).setInputFiles({
      name: "big.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.concat([jpegHeader, Buffer.alloc(11 * 1024 * 1024)]),
    });
    await expect(page.getByText(/größer als 10 MB/).first()).toBeVisible();
    await page.getByRole("button", { name: "Erstellen", exact: true }).click();
    await expect(page.getByText(/größer als 10 MB/).first()).toBeVisible();
    expect(await db.select().from(schema.boonees).where(eq(schema.boonees.name, name))).toHaveLength(0);
  });

  test("a text file renamed .png and a PNG as video name the accepted formats (English)", async ({ page }) => {
    await signInAsAdmin(page);
    await useEnglish(page);
    await gotoAdmin(page, "/admin/create-boonee");
    const name = `Fake ${unique()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Generate" }).click();
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text, renamed\n".repeat(40)),
    });
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("The file is not a JPEG, PNG, WebP, GIF or AVIF image.")).toBeVisible();
    await page.getByLabel("Image", { exact: true }).setInputFiles([]);
    await page
      .getByLabel("Welcome video")
      .setInputFiles({ name: "clip.mp4", mimeType: "video/mp4", buffer: await pngBytes(40, 40) });
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("The file is not an MP4 or WebM video.")).toBeVisible();
    expect(await db.select().from(schema.boonees).where(eq(schema.boonees.name, name))).toHaveLength(0);
  });
});

test.describe("getting around", () => {
  test("an admin signing in from /auth lands on /admin in one redirect (German)", async ({ page }) => {
    const admin = await createAccount(`Chefin ${unique()}`);
    await grantRole(admin.id, "admin");
    const res = await page.request.post("/auth", {
      form: { intent: "login", email: admin.email, password: admin.password },
      headers: { origin: E2E.baseURL },
      maxRedirects: 0,
    });
    expect([res.status(), res.headers().location]).toEqual([302, "/admin"]);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("E-Mail").fill(admin.email);
    await page.getByLabel("Passwort").fill(admin.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });

  test("a moderator lands on /admin, and gets a 403 page saying why on an admin-only page (English)", async ({
    page,
  }) => {
    const mod = await createAccount(`Mod ${unique()}`);
    await grantRole(mod.id, "moderator");
    await useEnglish(page);
    await page.goto("/auth");
    await page.getByLabel("Email").fill(mod.email);
    await page.getByLabel("Password").fill(mod.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect((await page.goto("/admin/users"))?.status()).toBe(403);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
    await expect(
      page.getByText(
        "Only admins can open that page. As a moderator you have the dashboard, the claims and the reports.",
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Go to the admin dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a moderator refused a page sees why in German too", async ({ page }) => {
    await signInAsModerator(page);
    expect((await page.goto("/admin/boonees"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Kein Zutritt" })).toBeVisible();
    // the page still knows who is signed in: the header offers the admin area, not "sign in"
    await expect(
      page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Admin" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Anmelden" })).toHaveCount(0);
    await expect(
      page.getByText(
        "Diese Seite können nur Admins öffnen. Als Moderator:in hast du das Dashboard, die Claims und die Meldungen.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Zum Admin-Dashboard" })).toHaveAttribute("href", "/admin");
  });
});

test.describe("labels", () => {
  test("12 labels with name, series and number fit one A4 page; any figure's label can be reprinted from the list (German)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 12);
    await ownerPage.close();
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/labels?ids=${w.instances.map((i) => i.id).join(",")}`);
    const labels = page.getByTestId("label");
    await expect(labels).toHaveCount(12);
    for (let i = 0; i < 12; i++) {
      await expect(labels.nth(i)).toContainText(w.type.name);
      await expect(labels.nth(i).getByTestId("label-series")).toHaveText(`${w.series} · Nr. ${i + 2}`);
      await expect(labels.nth(i)).toContainText(w.instances[i].code);
      // the line that tells a passer-by what this is (issue 16), in both languages on every label
      await expect(labels.nth(i)).toContainText(
        "Kunstwerk – kein gefährlicher Gegenstand / Art, not a dangerous object – scan me",
      );
    }
    const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    // reprint the claimed second instance from the Boonees list
    await gotoAdmin(page, `/admin/boonees?q=${w.instances[1].code}`);
    await page.getByRole("link", { name: `Etikett von ${w.type.name} drucken` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/labels\\?ids=${w.instances[1].id}$`));
    await expect(labels).toHaveCount(1);
    await expect(labels.first()).toContainText(w.instances[1].code);
    await expect(labels.first().getByTestId("label-series")).toHaveText(`${w.series} · Nr. 3`);
    await expect(labels.first().locator("img")).toBeVisible();
  });
});

test.describe("CSV export", () => {
  test("figures with codes, claims and users download as CSV; formulas are defused (German and English)", async ({
    browser,
    page,
  }) => {
    const ownerPage = await browser.newPage();
    const w = await typeWithInstances(ownerPage, 2);
    await ownerPage.close();
    const formula = await seedFigure({ name: `=HYPERLINK("http://evil.example","${unique()}")` });
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/boonees");
    const download = (label: string) => downloadFrom(page, label);
    const figures = await download("Die Boonees dieser Liste als CSV herunterladen");
    expect(figures.name).toMatch(/^boonees-figures-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(figures.text).toContain("Claim-Code");
    expect(figures.text).toContain(w.instances[0].code);
    expect(figures.text).toContain(`"'=HYPERLINK(""http://evil.example""`);
    expect(figures.text).not.toContain(`,=HYPERLINK`);
    expect(figures.text).toContain(formula.code);

    await useEnglish(page);
    await gotoAdmin(page, "/admin/claims");
    const claimsCsv = await download("Download the claims of this list as CSV");
    expect(claimsCsv.text).toContain("Claimed by");
    expect(claimsCsv.text).toContain(w.owner.email);
    await gotoAdmin(page, "/admin/users");
    const usersCsv = await download("Download the users of this list as CSV");
    expect(usersCsv.text).toContain(w.owner.email);
    expect(usersCsv.text).toContain(E2E.adminEmail);

    // a moderator gets the claims without e-mail addresses or codes, and nothing else
    const modContext = await browser.newContext();
    const mod = await modContext.newPage();
    await signInAsModerator(mod);
    const modClaims = await mod.request.get("/admin/claims.csv");
    expect(modClaims.status()).toBe(200);
    const modText = await modClaims.text();
    expect(modText).toContain(w.owner.name);
    expect(modText).not.toContain(w.owner.email);
    expect(modText).not.toContain(w.instances[1].code);
    for (const path of ["/admin/boonees.csv", "/admin/users.csv"])
      expect((await mod.request.get(path, { maxRedirects: 0 })).status(), path).toBe(403);
    await modContext.close();
  });
});
