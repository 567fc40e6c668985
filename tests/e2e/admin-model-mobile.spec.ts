import { eq, sql } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { figureById, gotoAdmin, ownerWith } from "./admin-fixtures.ts";
import { db, expect, seedFigure, signInAsAdmin, test, unique, useEnglish } from "./fixtures.ts";

// Issue 17 rows 1–3 and 11 at 375 px (the desktop walk, in both languages, is admin-model.spec.ts).
test.describe("admin model on a phone", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an Archived figure is 'nicht mehr claimbar' on its page and its admin card (de)", async ({ page, browser }) => {
    const archived = await seedFigure({ name: `Rentner ${unique()}`, status: "Archived" });
    const visitor = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await visitor.goto(`/boonee/${archived.id}`);
    await expect(visitor.getByTestId("status-pill")).toHaveText("Nicht mehr claimbar");
    await expect(visitor.getByTestId("claim-cta").getByRole("link", { name: "Zur Galerie" })).toBeVisible();
    await visitor.close();
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(archived.name)}`);
    await expect(page.getByTestId("no-longer-claimable")).toBeVisible();
  });

  test("an image post without a file is refused and the preview says why (en)", async ({ page, browser }) => {
    const owner = await browser.newPage();
    await ownerWith(owner, [{}]);
    await owner.close();
    await useEnglish(page);
    await signInAsAdmin(page);
    await gotoAdmin(page, "/admin/content");
    const title = `Empty ${unique()}`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Look at this picture, it is great.");
    await page.getByLabel("Content type").selectOption("image");
    await expect(page.getByTestId("preview-missing")).toBeVisible();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("Please choose an image file for an image post.")).toBeVisible();
    expect(await db.select().from(schema.exclusiveContent).where(eq(schema.exclusiveContent.title, title))).toEqual([]);
  });

  test("a type's story fix reaches its instance; a deleted claimed figure's owner is told (en)", async ({
    page,
    browser,
  }) => {
    const name = `Tippi ${unique()}`;
    const type = await seedFigure({ name, description: "Lives under the brigde." });
    const instance = await seedFigure({ name, description: "Lives under the brigde.", typeId: type.id });
    await db
      .update(schema.boonees)
      .set({ overriddenFields: sql`'{}'::text[]` })
      .where(eq(schema.boonees.id, instance.id));
    await useEnglish(page);
    await signInAsAdmin(page);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(name)}`);
    const typeCard = page
      .getByTestId("admin-figure-card")
      .filter({ has: page.locator(`a[href="/boonee/${type.id}"]`) });
    await typeCard.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("type-reach")).toContainText("Changes reach the 1 instance");
    await dialog.getByLabel("Story (description)", { exact: true }).fill("Lives under the bridge.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    expect((await figureById(instance.id)).description).toBe("Lives under the bridge.");

    const ownerPage = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await useEnglish(ownerPage);
    const gone = `Gone ${unique()}`;
    await ownerWith(ownerPage, [{ name: gone }]);
    await gotoAdmin(page, `/admin/boonees?q=${encodeURIComponent(gone)}`);
    await page.getByTestId("admin-figure-card").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("admin-figure-card")).toHaveCount(0);
    await ownerPage.goto("/notifications");
    await expect(ownerPage.getByText(`Boonee removed: ${gone}`)).toBeVisible();
    await ownerPage.close();
  });
});
