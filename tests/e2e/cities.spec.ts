import { GERMAN, operatorAddsTwoCities } from "./cities.ts";
import { expect, test } from "./fixtures.ts";

// Issue 37 (decision 053) on the desktop, in German; the phone in English is cities-mobile.spec.ts.
test("an admin adds Lübeck and Tokyo: the checklist blocks activation, both are on /, each page shows its own figures (German)", async ({
  page,
}) => {
  test.slow();
  const { slugs, figures } = await operatorAddsTwoCities(page, GERMAN);
  // the gallery of all cities has a visible city switch; choosing Tokyo filters it
  await page.goto("/boonees");
  await page.getByLabel("Stadt", { exact: true }).selectOption(slugs.tokyo);
  await page.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(new RegExp(`city=${slugs.tokyo}`));
  await expect(page.getByTestId("figure-card").filter({ hasText: figures.tokyo })).toHaveCount(1);
  await expect(page.getByTestId("figure-card").filter({ hasText: figures.luebeck })).toHaveCount(0);
  // an unknown city is a 404
  expect((await page.goto("/atlantis-nirgendwo"))?.status()).toBe(404);
});
