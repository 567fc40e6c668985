import { eq, sql } from "drizzle-orm";

import { boonees } from "../../server/db/schema.ts";
import { clientIp, otherBrowser, ownAddress } from "./claim-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, test, unique, useEnglish } from "./fixtures.ts";

// Issue 18.5: many finders share one address (café Wi-Fi); after ten wrong codes from there, a finder
// with a valid tag passes a proof-of-work challenge instead of being refused, and every guess pays it.
test.use({ viewport: { width: 375, height: 740 } });

// the browser solves the challenge itself: slower on a busy test machine than on a phone
const SOLVED = { timeout: 60_000 };

const wrongCode = () => `WRONG${unique().slice(-8)}`;

async function lockAddress(page: import("@playwright/test").Page, ip: string, wrongCodes = 10) {
  for (let i = 0; i < wrongCodes; i++) {
    const res = await page.request.get(`/c/${wrongCode()}`, { headers: { "x-e2e-client-ip": ip } });
    expect(res.status()).toBe(404);
  }
}

async function addressCount(ip: string) {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${`claim:ip:${ip}`}`,
  );
  return Number(rows[0]?.count ?? 0);
}

test("shows the attempts left, then a valid tag passes the challenge from the locked address and claims (de)", async ({
  page,
}) => {
  const figure = await seedFigure();
  const ip = await ownAddress(page, clientIp());
  const first = await page.goto(`/c/${wrongCode()}`);
  expect(first?.status()).toBe(404);
  await expect(page.getByText("Noch 9 Versuche")).toBeVisible();
  await lockAddress(page, ip, 8);
  await page.goto("/claim");
  await page.getByLabel("Geheimer Code").fill(wrongCode());
  await page.getByRole("button", { name: "Code prüfen" }).click();
  await expect(page.getByText("Keine Versuche mehr: Ab jetzt braucht jeder Code eine kurze Prüfung.")).toBeVisible();

  const locked = await page.goto(`/c/${figure.code}`);
  expect(locked?.status()).toBe(429);
  await expect(page.getByText("Von dieser Verbindung kamen zu viele falsche Codes.")).toBeVisible();
  // this is the tag's own link: no advice to scan the tag
  await expect(page.getByText("Lieber NFC-Tag oder QR-Code scannen")).toHaveCount(0);
  const go = page.getByRole("button", { name: "Weiter mit meinem Code" });
  await expect(go).toBeEnabled(SOLVED);
  await expect(page.getByText("Die Prüfung braucht JavaScript.", { exact: false })).toBeHidden();
  await go.click();
  await expect(page).toHaveURL(new RegExp(`/claim/${figure.code}\\?pass=`));
  await expect(page.getByRole("heading", { name: figure.name, level: 1 })).toBeVisible();

  await page.getByLabel("Name").fill(`Finder ${unique()}`);
  await page.getByLabel("E-Mail").fill(`${unique("pow").toLowerCase()}@example.test`);
  await page.getByLabel("Passwort").fill("secret123");
  await page.getByRole("button", { name: "Konto erstellen & claimen" }).click();
  await expect(page).toHaveURL(/\/profile\?new=/); // after the success page (/claimed/<id>)
  const [row] = await db.select().from(boonees).where(eq(boonees.id, figure.id));
  expect(row.ownerId).not.toBeNull();
});

test("a wrong code behind a passed challenge is refused, still counts, and the next try asks again (en)", async ({
  page,
}) => {
  const figure = await seedFigure();
  const ip = await ownAddress(page, clientIp());
  await lockAddress(page, ip);
  await useEnglish(page);
  const locked = await page.goto(`/c/${wrongCode()}`);
  expect(locked?.status()).toBe(429);
  await expect(page.getByText("Too many wrong codes came from this connection.")).toBeVisible();
  const go = page.getByRole("button", { name: "Continue with my code" });
  await expect(go).toBeEnabled(SOLVED);
  const solution = await page.locator("input[name=altcha]").inputValue();
  await go.click();
  await expect(page.getByText("Invalid secret code")).toBeVisible();
  expect(await addressCount(ip)).toBe(11);

  await page.getByLabel("Secret code").fill(figure.code);
  await page.getByRole("button", { name: "Check code" }).click();
  await expect(page.getByText("Too many wrong codes came from this connection.")).toBeVisible();
  await expect(page.getByRole("heading", { name: figure.name })).toHaveCount(0);

  // a solved challenge is good once
  const replay = await page.request.post("/claim", {
    form: { code: figure.code, altcha: solution },
    headers: { "x-e2e-client-ip": ip, origin: E2E.baseURL },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(429);
  expect(await replay.text()).toContain("The check had expired or was already used.");
});

test("without JavaScript the locked pages say why they cannot go on", async ({ page, browser }) => {
  const figure = await seedFigure();
  const ip = clientIp();
  await lockAddress(page, ip);
  const noScript = await otherBrowser(browser, { javaScriptEnabled: false, ip });
  const res = await noScript.page.goto(`/c/${figure.code}`);
  expect(res?.status()).toBe(429);
  await expect(
    noScript.page.getByText(
      "Die Prüfung braucht JavaScript. Ohne JavaScript kannst du es in 10 Minuten erneut versuchen.",
    ),
  ).toBeVisible();
  await expect(noScript.page.getByRole("button", { name: "Weiter mit meinem Code" })).toBeDisabled();
  // the spec's /boonee?token= link offers the same challenge
  expect((await noScript.page.goto(`/boonee?token=${figure.code}`))?.status()).toBe(429);
  await expect(noScript.page.getByRole("button", { name: "Weiter mit meinem Code" })).toBeDisabled();
  await noScript.context.close();
});
