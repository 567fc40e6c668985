import { signInAsModerator } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";

test("a moderator reaches the admin area from the phone menu (de)", async ({ page }) => {
  await signInAsModerator(page);
  await page.goto("/boonees");
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL("/admin");
});
