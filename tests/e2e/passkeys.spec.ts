import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, eq, like } from "drizzle-orm";

import * as schema from "../../server/db/schema.ts";
import { bindSunTag } from "../../server/domain/codes/bind-sun-tag.ts";
import { emailConfirmToken } from "../support/factories.ts";
import { tapParams, TEST_SUN_MASTER } from "../support/sun-tap.ts";
import { otherBrowser, ownAddress } from "./claim-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signUp, test, unique, useEnglish } from "./fixtures.ts";

// Issue 16 item 1: passkeys in Chromium, with the browser's virtual authenticator standing in for
// the phone's fingerprint (CDP WebAuthn domain): it answers every prompt with a verified user.
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

const ownerOf = async (id: string) =>
  (await db.select().from(schema.boonees).where(eq(schema.boonees.id, id)))[0].ownerId;

test("a finder signs up while claiming with a passkey only, signs out, signs in with it and claims the next figure in one tap (German)", async ({
  page,
}) => {
  await ownAddress(page);
  const device = await virtualAuthenticator(page);
  const first = await seedFigure({ name: `Tipsi ${unique()}` });
  const second = await seedFigure({ name: `Tapsi ${unique()}` });
  const email = `${unique("pk").toLowerCase()}@example.test`;

  await page.goto(`/c/${first.code}`);
  const signUpWithPasskey = page.getByRole("button", { name: "Ohne Passwort: mit Passkey registrieren und claimen" });
  await expect(signUpWithPasskey).toBeVisible({ timeout: 20_000 }); // once the page's scripts run
  // on a phone the long labels wrap; nothing scrolls sideways
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Name").fill("Pia Passkey");
  await page.getByLabel("E-Mail").fill(email);
  await signUpWithPasskey.click();
  await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 15_000 });
  await expect(page.getByTestId("owned-figure").filter({ hasText: first.name })).toBeVisible();
  const [account] = await db.select().from(schema.profiles).where(eq(schema.profiles.email, email));
  expect(await ownerOf(first.id)).toBe(account.id);
  expect(await db.select().from(schema.accounts).where(eq(schema.accounts.userId, account.id))).toEqual([]); // no password anywhere
  expect(await device.credentials()).toHaveLength(1);
  // the profile lists it and offers no password change; its last passkey cannot be removed
  await expect(page.getByTestId("passkey")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Passwort ändern" })).toHaveCount(0);
  // the passkey that signed her up has been used (not "nie benutzt"); as her only way in it cannot be removed
  await expect(page.getByTestId("passkey")).toContainText("zuletzt benutzt");
  await expect(page.getByTestId("passkey").getByRole("button", { name: "Entfernen" })).toBeDisabled();

  const out = await page.request.post("/logout", { form: {}, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
  expect(out.status()).toBe(302);
  await page.goto("/auth");
  await page.getByRole("button", { name: "Passkey verwenden" }).click();
  await expect(page).toHaveURL("/profile");

  await page.request.post("/logout", { form: {}, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
  await page.goto(`/c/${second.code}`);
  await page.getByRole("button", { name: "Schon einen Passkey? Damit claimen" }).click();
  await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 15_000 });
  expect(await ownerOf(second.id)).toBe(account.id);
  const [used] = await db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, account.id));
  expect(used.lastUsedAt).not.toBeNull();

  // a figure with a SUN tag: one tap on the tag, one passkey prompt, it is hers
  const tagged = await seedFigure({ name: `Tappsi ${unique()}` });
  const [admin] = await db.select().from(schema.profiles).where(eq(schema.profiles.email, E2E.adminEmail));
  const uid = `04${randomBytes(6).toString("hex").toUpperCase()}`; // 7 bytes
  await bindSunTag(db as never, { id: admin.id, role: "admin" }, tagged.id, { mode: "master", uid }, TEST_SUN_MASTER);
  await page.request.post("/logout", { form: {}, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
  await page.goto(`/s/${tagged.id}?${tapParams(TEST_SUN_MASTER, { uid, counter: 1 })}`);
  await expect(page.getByText("Echter Tag – dieser Tap ist verifiziert.")).toBeVisible();
  await page.getByRole("button", { name: "Schon einen Passkey? Damit claimen" }).click();
  await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 15_000 });
  expect(await ownerOf(tagged.id)).toBe(account.id);
});

test("a password account adds a passkey on its profile, renames and removes it; its password still signs in (English)", async ({
  page,
}) => {
  await ownAddress(page);
  const device = await virtualAuthenticator(page);
  const user = await signUp(page);
  await useEnglish(page);
  await page.goto("/profile");
  await expect(page.getByText("No passkey yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkey")).toHaveCount(1, { timeout: 15_000 });
  expect(await device.credentials()).toHaveLength(1);
  // the same device again: it already holds one for this account
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This device already has a passkey for your account." }),
  ).toBeVisible();

  const row = page.getByTestId("passkey");
  await expect(row).toContainText("never used"); // added, not yet used to log in
  // a name over 60 characters is refused with a message, never cut
  await row.getByLabel("Passkey name").fill("P".repeat(61));
  await row.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("The name can be at most 60 characters long.")).toBeVisible();
  expect((await db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, user.id)))[0].name).not.toContain(
    "PPP",
  );
  await row.getByLabel("Passkey name").fill("My phone");
  await row.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Passkey renamed.")).toBeVisible();
  await expect(page.getByTestId("passkey").getByLabel("Passkey name")).toHaveValue("My phone");
  expect((await db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, user.id)))[0].name).toBe("My phone");

  // the app's own dialog (not the browser's confirm), which knows it is the last passkey
  page.once("dialog", () => {
    throw new Error("the browser's confirm was used");
  });
  await page.getByTestId("passkey").getByRole("button", { name: "Remove" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove the passkey “My phone”?" });
  await expect(confirm).toContainText("This is your last passkey. After this you log in with your password only.");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No passkey yet.")).toBeVisible();
  expect(await db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, user.id))).toEqual([]);
  // a removed passkey does not sign in any more
  await page.request.post("/logout", { form: {}, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
  await page.goto("/auth");
  await page.getByRole("button", { name: "Log in with a passkey" }).click();
  await expect(page.getByText("We don’t know this passkey. Log in with your password or sign up.")).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL("/profile");
});

test("someone signs up with a passkey using the victim's address; the victim sets a password from the mailed link; the stranger's passkey no longer signs in and the victim is told (German)", async ({
  page,
  browser,
}) => {
  await ownAddress(page);
  const attacker = await virtualAuthenticator(page);
  const victimEmail = `${unique("victim").toLowerCase()}@example.test`;

  // the attacker: a passkey-only account with someone else's address
  await page.goto("/auth?mode=signup");
  const signUpWithPasskey = page.getByRole("button", { name: "Ohne Passwort: mit Passkey registrieren" });
  await expect(signUpWithPasskey).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Name").fill("Mallory");
  await page.getByLabel("E-Mail").fill(victimEmail);
  await signUpWithPasskey.click();
  await expect(page).toHaveURL("/profile", { timeout: 15_000 });
  const [account] = await db.select().from(schema.profiles).where(eq(schema.profiles.email, victimEmail));
  expect(account.emailVerified).toBe(false);
  expect(await attacker.credentials()).toHaveLength(1);

  // the victim, in another browser, asks for a reset link; the link reaches their mailbox. (This
  // file does not run the SMTP server, whose port belongs to channels.spec.ts: the link's token is
  // read where the server keeps it. tests/integration/mailbox-trust.test.ts takes it from the mail.)
  const victim = await otherBrowser(browser);
  await victim.page.goto("/auth/forgot");
  await victim.page.getByLabel("E-Mail").fill(victimEmail);
  await victim.page.getByRole("button", { name: "Link senden" }).click();
  await expect(
    victim.page.getByText("Falls ein Konto mit dieser Adresse existiert, ist eine E-Mail unterwegs."),
  ).toBeVisible();
  const resetToken = async () =>
    (
      await db
        .select()
        .from(schema.verifications)
        .where(
          and(eq(schema.verifications.value, account.id), like(schema.verifications.identifier, "reset-password:%")),
        )
    )[0]?.identifier.slice("reset-password:".length);
  await expect.poll(resetToken, { timeout: 15_000 }).toBeTruthy();
  await victim.page.goto(`/auth/reset?token=${encodeURIComponent((await resetToken())!)}`);
  await victim.page.getByLabel("Passwort").fill("victim-pass-1");
  await victim.page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(victim.page.getByText("Dein Passwort wurde geändert. Bitte melde dich an.")).toBeVisible();
  await victim.page.getByLabel("E-Mail").fill(victimEmail);
  await victim.page.getByLabel("Passwort").fill("victim-pass-1");
  await victim.page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(victim.page).toHaveURL("/profile");
  await expect(victim.page.getByTestId("passkey")).toHaveCount(0);
  // told in the app (and by mail, see the integration test)
  await victim.page.goto("/notifications");
  await expect(victim.page.getByText("Deine Adresse ist bestätigt – fremde Passkeys sind entfernt")).toBeVisible();
  await expect(
    victim.page.getByText(/haben wir 1 Passkey entfernt, der angelegt wurde, bevor diese Adresse bestätigt war/),
  ).toBeVisible();
  await victim.context.close();

  // the attacker: signed out, and the passkey on their device signs in no more
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth/);
  await page.goto("/auth");
  await page.getByRole("button", { name: "Passkey verwenden" }).click();
  await expect(
    page.getByText("Diesen Passkey kennen wir nicht. Melde dich mit Passwort an oder registriere dich."),
  ).toBeVisible({
    timeout: 15_000,
  });
  expect(await attacker.credentials()).toHaveLength(1); // it did try: the device still holds it
  expect((await db.select().from(schema.profiles).where(eq(schema.profiles.id, account.id)))[0].emailVerified).toBe(
    true,
  );
});

test("the confirmation link of a passkey sign-up confirms only from the account's own session (English)", async ({
  page,
  browser,
}) => {
  await ownAddress(page);
  await useEnglish(page);
  await virtualAuthenticator(page);
  const email = `${unique("pk").toLowerCase()}@example.test`;
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Name").fill("Cora");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "No password: sign up with a passkey" }).click();
  await expect(page).toHaveURL("/profile", { timeout: 15_000 });
  const [account] = await db.select().from(schema.profiles).where(eq(schema.profiles.email, email));
  // the link as mailed (no SMTP server in this file): a token whose hash the server keeps
  const token = await emailConfirmToken(db, account.id);

  // someone else who reads the mailbox, without the account's session: told to sign in, nothing confirmed
  const reader = await otherBrowser(browser);
  await reader.context.addCookies([{ name: "lang", value: "en", url: E2E.baseURL }]);
  await reader.page.goto(`/auth/confirm?token=${token}`);
  await expect(
    reader.page.getByText("First log in with this account's passkey, then open the link again.").first(),
  ).toBeVisible();
  await expect(
    reader.page.getByRole("link", { name: "You didn't sign up? Set a password: that removes the other passkey." }),
  ).toHaveAttribute("href", "/auth/forgot");
  await reader.page.getByRole("button", { name: "Confirm address" }).click();
  await expect(reader.page.getByRole("alert")).toHaveText(
    "First log in with this account's passkey, then open the link again.",
  );
  await reader.context.close();
  expect((await db.select().from(schema.profiles).where(eq(schema.profiles.id, account.id)))[0].emailVerified).toBe(
    false,
  );

  await page.goto(`/auth/confirm?token=${token}`);
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page.getByRole("status")).toHaveText("Thank you! Your email address is confirmed.");
  expect((await db.select().from(schema.profiles).where(eq(schema.profiles.id, account.id)))[0].emailVerified).toBe(
    true,
  );
});
