import type { Page } from "@playwright/test";

import { createAccount, gotoAdmin } from "./admin-fixtures.ts";
import { expect, signInAsAdmin, test, useEnglish } from "./fixtures.ts";
import { liveDrop, removeDrops } from "./operator-glance.ts";

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("on a phone the dashboard's drop card sits on screen with its counts and link, nothing sideways (German and English)", async ({
  page,
}) => {
  const finder = await createAccount();
  const live = await liveDrop(4, 1, finder.id);
  try {
    await signInAsAdmin(page);
    for (const lang of ["de", "en"] as const) {
      if (lang === "en") await useEnglish(page);
      await gotoAdmin(page, "/admin");
      const card = page.getByTestId("dashboard-drop");
      await expect(card).toHaveAttribute("data-state", "live");
      await expect(card.getByTestId("dashboard-drop-counts")).toHaveText(
        lang === "de" ? "1 von 4 gefunden · 3 noch versteckt" : "1 of 4 found · 3 still hidden",
      );
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      const link = card.getByRole("link", { name: lang === "de" ? "Zum Drop" : "Open the drop" });
      await expect(link).toBeInViewport();
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  } finally {
    await removeDrops([live.id]);
  }
});
