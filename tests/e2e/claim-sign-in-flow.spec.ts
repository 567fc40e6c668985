import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";

import { boonees, claims } from "../../server/db/schema.ts";
import { otherBrowser, ownAddress } from "./claim-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signUp, test, unique, useEnglish } from "./fixtures.ts";

// Issue 18, rows 1–4 and 6: the finder's first minute, on a phone, in German and in English.
test.use({ viewport: { width: 375, height: 740 } });

const TEXT = {
  de: {
    yours: "Der gehört dir!",
    taken: "Schon vergeben",
    toFigure: "Zu deinem Boonee",
    toProfile: "Zu meiner Sammlung",
    claim: "Jetzt claimen",
    signUpAndClaim: "Konto erstellen & claimen",
    loginAndClaim: "Du hast schon ein Konto? Anmelden und claimen",
    login: "Anmelden",
    email: "E-Mail",
    password: "Passwort",
    code: "Geheimer Code",
    check: "Code prüfen",
    success: "🎉 Dein Boonee gehört jetzt dir. Willkommen in der Crew.",
    prefix: "Fehler beim Auflösen",
    checkMail: "Schau in dein Postfach",
    passwordShort: "Das Passwort muss mindestens 6 Zeichen lang sein.",
    tooMany: "Zu viele Versuche. Bitte versuche es in 10 Minuten erneut.",
    loginToClaim: (name: string) => `Melde dich an, um ${name} zu claimen.`,
  },
  en: {
    yours: "This one is yours!",
    taken: "Already taken",
    toFigure: "To your Boonee",
    toProfile: "To my collection",
    claim: "Claim it now",
    signUpAndClaim: "Create account & claim",
    loginAndClaim: "Already have an account? Log in and claim",
    login: "Log in",
    email: "Email",
    password: "Password",
    code: "Secret code",
    check: "Check code",
    success: "🎉 Your Boonee is now yours. Welcome to the crew.",
    prefix: "Error resolving",
    checkMail: "Check your mailbox",
    passwordShort: "The password must be at least 6 characters long.",
    tooMany: "Too many attempts. Please try again in 10 minutes.",
    loginToClaim: (name: string) => `Log in to claim ${name}.`,
  },
} as const;

const NEW_FIND = (id: string) => `/profile?new=${id}`;

/** Counts the form posts (documents and data requests) the server is sent from this page. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && posts.push(new URL(r.url()).pathname));
  return posts;
}

/**
 * The success page shows for 1.5 s only; on a busy machine a look at the screen can come too late,
 * so it is read as it arrives: a document on a first visit (no React yet), else React's data request.
 */
function successPage(page: Page) {
  return page.waitForResponse((r) => /^\/claimed\/[0-9a-f-]{36}(\.data)?$/.test(new URL(r.url()).pathname));
}

async function ownerOf(id: string) {
  const [row] = await db.select({ ownerId: boonees.ownerId }).from(boonees).where(eq(boonees.id, id));
  return row.ownerId;
}

async function fillSignUp(
  page: Page,
  t: (typeof TEXT)[keyof typeof TEXT],
  name: string,
  email: string,
  password = "secret123",
) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(password);
}

async function logIn(page: Page, t: (typeof TEXT)[keyof typeof TEXT], email: string, password: string) {
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(password);
  await page.locator("main").getByRole("button", { name: t.login, exact: true }).click();
}

for (const lang of ["de", "en"] as const) {
  const t = TEXT[lang];
  test.describe(`first minute (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      test.slow(); // whole journeys with several sign-ups, on a machine shared with other runs
      await ownAddress(page);
      if (lang === "en") await useEnglish(page);
    });

    test("the owner's own tag says it is theirs: on /c/, /claim/CODE and a typed code", async ({ page }) => {
      const user = await signUp(page);
      const figure = await seedFigure({ ownerId: user.id });
      const check = async () => {
        await expect(page.getByRole("heading", { name: t.yours })).toBeVisible();
        await expect(page.getByText(t.taken)).toHaveCount(0);
        await expect(page.getByText(user.name)).toHaveCount(0); // never "belongs to <own name>"
        await expect(page.getByRole("link", { name: t.toFigure })).toHaveAttribute("href", `/boonee/${figure.id}`);
        await expect(page.getByRole("link", { name: t.toProfile })).toHaveAttribute("href", "/profile");
      };
      await page.goto(`/c/${figure.code}`);
      await check();
      await page.goto(`/claim/${figure.code}`);
      await check();
      await page.goto("/claim");
      await page.getByLabel(t.code).fill(figure.code.toLowerCase());
      await page.getByRole("button", { name: t.check }).click();
      await expect(page).toHaveURL(`/claim/${figure.code}`);
      await check();
      await page.getByRole("link", { name: t.toFigure }).click();
      await expect(page).toHaveURL(`/boonee/${figure.id}`);
    });

    test("reload and Back after a claim never post again", async ({ page }) => {
      const user = await signUp(page);
      const figure = await seedFigure();
      const posts = countPosts(page);
      await page.goto(`/c/${figure.code}`);
      const shown = successPage(page);
      await page.getByRole("button", { name: t.claim }).click();
      expect(new URL((await shown).url()).pathname).toBe(`/claimed/${figure.id}`);
      // the response is in; reload only once the success page is the document (else: "not attached")
      await page.waitForURL(`**/claimed/${figure.id}`, { waitUntil: "domcontentloaded" });
      const reloaded = await page.reload();
      expect(reloaded?.status()).toBe(200);
      expect(await reloaded?.text()).toContain(t.success);
      // after 1.5 s the success page goes on to the collection, the new find marked
      await expect(page).toHaveURL(NEW_FIND(figure.id), { timeout: 20_000 });
      await expect(page.locator('[data-testid="owned-figure"][data-new="true"]')).toContainText(figure.name);
      await page.goBack();
      await expect(page).toHaveURL(`/c/${figure.code}`);
      await expect(page.getByRole("heading", { name: t.yours })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { name: t.yours })).toBeVisible();
      expect(posts).toEqual([`/c/${figure.code}`]);
      expect(await ownerOf(figure.id)).toBe(user.id);
      expect(await db.select().from(claims).where(eq(claims.figureId, figure.id))).toHaveLength(1);
    });

    test("signed up while claiming, logged out, logged in again: not sent to the owned figure", async ({ page }) => {
      const figure = await seedFigure();
      const email = `${unique("f").toLowerCase()}@example.test`;
      await page.goto(`/c/${figure.code}`);
      // first the login link (the claim redirect is stored), then back to sign up here after all
      await page.getByRole("link", { name: t.loginAndClaim }).click();
      await expect(page.getByTestId("claiming-figure")).toContainText(figure.name);
      await page.goBack();
      await fillSignUp(page, t, `Finderin ${unique()}`, email);
      const shown = successPage(page);
      await page.getByRole("button", { name: t.signUpAndClaim }).click();
      expect(await (await shown).text()).toContain(t.success);
      await expect(page).toHaveURL(/\/profile\?new=/, { timeout: 20_000 });
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "claim_redirect")?.value ?? "").toBe("");
      const out = await page.request.post("/logout", { form: {}, headers: { origin: E2E.baseURL }, maxRedirects: 0 });
      expect(out.status()).toBe(302);
      await page.goto("/auth");
      await expect(page.getByTestId("claiming-figure")).toHaveCount(0);
      await logIn(page, t, email, "secret123");
      await expect(page).toHaveURL("/profile");
    });

    test("a login from a plain /auth is never sent to a claim (viewed, or taken meanwhile)", async ({
      page,
      browser,
    }) => {
      const user = await signUp(page);
      await page.context().clearCookies();
      if (lang === "en") await useEnglish(page);
      // only looked at a claim page, then used the header's login
      const viewed = await seedFigure();
      await page.goto(`/c/${viewed.code}`);
      await page.goto("/auth");
      await expect(page.getByTestId("claiming-figure")).toHaveCount(0);
      await logIn(page, t, user.email, user.password);
      await expect(page).toHaveURL("/profile");

      // chose "log in and claim", but someone else claimed the figure meanwhile
      await page.context().clearCookies();
      if (lang === "en") await useEnglish(page);
      const taken = await seedFigure();
      await page.goto(`/c/${taken.code}`);
      await page.getByRole("link", { name: t.loginAndClaim }).click();
      await expect(page.getByTestId("claiming-figure")).toContainText(taken.name);
      const other = await otherBrowser(browser);
      const someone = await signUp(other.page);
      await other.context.close();
      await db.execute(sql`update boonees set owner_id = ${someone.id}, claimed_at = now() where id = ${taken.id}`);
      await page.goto("/auth");
      await expect(page.getByTestId("claiming-figure")).toHaveCount(0);
      await logIn(page, t, user.email, user.password);
      await expect(page).toHaveURL("/profile");
      expect(await ownerOf(taken.id)).toBe(someone.id);
    });

    test("sign-up errors on the claim page keep name and e-mail and stand on their own", async ({ page }) => {
      const figure = await seedFigure();
      const existing = await signUp(page);
      await page.context().clearCookies();
      if (lang === "en") await useEnglish(page);
      const ip = await ownAddress(page);
      const name = `Mia ${unique()}`;

      // a short password (a browser that does not check the field itself): the server's message
      await page.goto(`/c/${figure.code}`);
      await fillSignUp(page, t, name, `${unique("s").toLowerCase()}@example.test`, "123");
      await page.locator("form:has(input[name=password])").evaluate((f: HTMLFormElement) => (f.noValidate = true));
      await page.getByRole("button", { name: t.signUpAndClaim }).click();
      await expect(page.getByText(t.passwordShort)).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await expect(page.getByText(t.prefix)).toHaveCount(0);

      // an e-mail that has an account: "check your mailbox", the fields as typed
      await page.goto(`/c/${figure.code}`);
      await fillSignUp(page, t, name, existing.email);
      await page.getByRole("button", { name: t.signUpAndClaim }).click();
      await expect(page.getByText(t.checkMail)).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await expect(page.getByLabel(t.email)).toHaveValue(existing.email);
      await expect(page.getByText(t.prefix)).toHaveCount(0);

      // an account error (too many sign-ups from this address): its own message, no claim prefix
      await db.execute(sql`insert into rate_limits (key, count, window_start, expires_at) values (${`signup:ip:${ip}`}, 60, now(), now() + interval '10 minutes')
        on conflict (key) do update set count = 60, window_start = now(), expires_at = now() + interval '10 minutes'`);
      const email = `${unique("t").toLowerCase()}@example.test`;
      await page.goto(`/c/${figure.code}`);
      await fillSignUp(page, t, name, email);
      await page.getByRole("button", { name: t.signUpAndClaim }).click();
      await expect(page.getByText(t.tooMany, { exact: true })).toBeVisible();
      await expect(page.getByText(t.prefix)).toHaveCount(0);
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await expect(page.getByLabel(t.email)).toHaveValue(email);
      expect(await ownerOf(figure.id)).toBeNull();
    });

    test("the login page shows the figure being claimed, and the claim is one tap after signing in", async ({
      page,
    }) => {
      const user = await signUp(page);
      await page.context().clearCookies();
      if (lang === "en") await useEnglish(page);
      const figure = await seedFigure({ name: `Glimmer ${unique()}`, imageUrl: "/images/og-boonees.png" });
      await page.goto(`/c/${figure.code}`);
      await page.getByRole("link", { name: t.loginAndClaim }).click();
      const shown = page.getByTestId("claiming-figure");
      await expect(shown).toContainText(t.loginToClaim(figure.name));
      await expect(shown.getByRole("img", { name: figure.name })).toBeVisible();
      // the login page starts React at once; signing in through it makes /claim/CODE a React page (the "one tap"
      // below), while a sign-in posted before that loads the claim page as a document (it flaked when it did)
      const loginButton = page.locator("main").getByRole("button", { name: t.login, exact: true });
      await expect
        .poll(() => loginButton.evaluate((b) => Object.keys(b).some((k) => k.startsWith("__reactProps"))))
        .toBe(true);
      await logIn(page, t, user.email, user.password);
      await expect(page).toHaveURL(`/claim/${figure.code}`);
      const success = successPage(page);
      await page.getByRole("button", { name: t.claim }).click(); // the one tap (a React page by now)
      expect(new URL((await success).url()).pathname).toBe(`/claimed/${figure.id}.data`);
      await expect(page).toHaveURL(NEW_FIND(figure.id), { timeout: 20_000 });
      expect(await ownerOf(figure.id)).toBe(user.id);
    });
  });
}
