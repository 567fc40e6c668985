import { createECDH, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { eq, inArray } from "drizzle-orm";
import { decrypt } from "http_ece";
import { SMTPServer } from "smtp-server";

import * as schema from "../../server/db/schema.ts";
import { claimRow } from "../support/factories.ts";
import { signUpQuick } from "./admin-fixtures.ts";
import { DROP_DELAY_S, scheduleDrop, visitor } from "./drop-fixtures.ts";
import { E2E } from "./env.ts";
import { db, expect, seedFigure, signInAsAdmin, signUp, test, unique, useEnglish } from "./fixtures.ts";

// Issue 15: a scheduled drop from countdown to "found after …", and word of it (and of broadcasts)
// to a collector's device by push and to an opted-in collector by mail, sent by the server's queue
// to a push service and an SMTP server this test runs on this machine.

interface ReceivedMail {
  to: string;
  headers: Map<string, string>;
  text: string;
}
const mails: ReceivedMail[] = [];
const pushes: { path: string; body: Buffer }[] = [];
let smtp: SMTPServer;
let pushService: Server;
let pushBase = "";

const qp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
/** RFC 2047 encoded words in a header (=?UTF-8?Q?…?= or B). */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : qp(text.replace(/_/g, " ")),
  );

/** Headers (unfolded, lower-case names) and the body of a raw message; quoted-printable decoded. */
function parseMail(raw: string, to: string): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  let body = rest.join("\n\n");
  if (/quoted-printable/i.test(headers.get("content-transfer-encoding") ?? "")) body = qp(body);
  return { to, headers, text: body };
}

// several accounts, two browser contexts and a queue per test on a machine shared by many runs;
// one worker runs this file in order, since its SMTP server owns the port the app sends mail to
test.describe.configure({ mode: "default", timeout: 150_000 });
test.use({ serviceWorkers: "allow" });

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push(
          parseMail(Buffer.concat(chunks).toString("utf8"), session.envelope.rcptTo.map((r) => r.address).join(",")),
        );
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(E2E.smtpPort, "127.0.0.1", r));
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      pushes.push({ path: req.url ?? "", body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, "127.0.0.1", r));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((r) => (smtp ? smtp.close(r) : r()));
  await new Promise<void>((r) => (pushService ? pushService.close(() => r()) : r()));
});

const GREETING = {
  de: "Ein Gruß an alle, die diesen Boonee gefunden haben.",
  en: "Greetings to everyone who found this Boonee.",
};

/** Broadcasts to one figure's owner as the admin, through the content page's form (with an English title, in both languages). */
async function broadcastTo(page: import("@playwright/test").Page, figureId: string, title: string, titleEn = "") {
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  const res = await adminPage.request.post("/admin/content", {
    form: {
      title,
      message: GREETING.de,
      ...(titleEn ? { titleEn, messageEn: GREETING.en } : {}),
      contentType: "news",
      audience: "boonee",
      figureId,
    },
    headers: { origin: E2E.baseURL },
  });
  expect(res.status()).toBe(200);
  await admin.close();
}

/**
 * A browser whose push subscription points at this test's push service (headless Chromium cannot
 * reach a real one); returns the device's keys, to decrypt what arrives for it.
 */
async function fakePushDevice(page: Page, endpoint = `${pushBase}/device/${unique()}`) {
  const ecdh = createECDH("prime256v1");
  const p256dh = ecdh.generateKeys().toString("base64url");
  const auth = randomBytes(16).toString("base64url");
  await page.context().grantPermissions(["notifications"], { origin: E2E.baseURL });
  await page.addInitScript(
    (device) => {
      const subscription = {
        endpoint: device.endpoint,
        expirationTime: null,
        options: {},
        toJSON: () => ({
          endpoint: device.endpoint,
          expirationTime: null,
          keys: { p256dh: device.p256dh, auth: device.auth },
        }),
        unsubscribe: async () => true,
      };
      let subscribed = false;
      PushManager.prototype.subscribe = async function () {
        subscribed = true;
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (subscribed ? subscription : null) as unknown as PushSubscription;
      };
    },
    { endpoint, p256dh, auth },
  );
  const received = () =>
    pushes
      .filter((p) => endpoint.endsWith(p.path))
      .map((p) =>
        JSON.parse(decrypt(p.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8")),
      );
  return { endpoint, p256dh, auth, received };
}

/** Turns e-mail on from the profile and confirms it with the link of the confirmation mail (double opt-in). */
async function optInToEmail(page: Page, email: string) {
  await page.goto("/profile");
  await page
    .getByTestId("email-opt-in")
    .getByRole("button", { name: /E-Mails einschalten|Turn on emails/ })
    .click();
  await expect(page.getByTestId("email-opt-in")).toContainText(
    /Wir haben dir einen Bestätigungslink geschickt.|We sent you a confirmation link./,
  );
  await expect.poll(() => mails.filter((m) => m.to === email).length, { timeout: 15_000 }).toBe(1);
  const link = /https?:\/\/\S+\/email\/confirm\?token=[\w-]+/.exec(mails.find((m) => m.to === email)!.text)![0];
  // the link works in any browser (no session): opening it changes nothing, the button confirms
  const elsewhere = await page.context().browser()!.newPage();
  await elsewhere.goto(link);
  await elsewhere.getByRole("button", { name: "Ja, E-Mails einschalten" }).click();
  await expect(elsewhere.getByRole("status")).toHaveText("Danke! E-Mails sind jetzt an.");
  await elsewhere.close();
}

test("a collector turns push on; a broadcast to their figure reaches the push service in their language", async ({
  page,
}) => {
  const { endpoint, p256dh, auth, received } = await fakePushDevice(page);
  const collector = await signUp(page);
  const figure = await seedFigure({ ownerId: collector.id });
  await useEnglish(page);
  await page.goto("/profile");
  const device = page.getByTestId("push-device");
  await expect(device.getByRole("status")).toHaveText("Push is off on this device.");
  await device.getByRole("button", { name: "Turn on push" }).click();
  await expect(device.getByRole("status")).toHaveText("Push is on on this device.");
  const [stored] = await db
    .select()
    .from(schema.pushSubscriptions)
    .where(eq(schema.pushSubscriptions.endpoint, endpoint));
  expect(stored).toMatchObject({ userId: collector.id, language: "en", p256dh, auth });

  // written in both languages: the English device gets the English text (issue 27)
  const title = `Neu für dich ${unique()}`;
  await broadcastTo(page, figure.id, title, `New for you ${title.slice(12)}`);
  await expect.poll(() => received().length, { timeout: 15_000 }).toBe(1);
  expect(received()[0]).toEqual({
    title: `New for you ${title.slice(12)}`,
    body: GREETING.en,
    link: `${E2E.baseURL}/exclusive`,
  });

  // a text of ours arrives translated: the admin verifies the collector's claim
  const claim = await claimRow(db, { figureId: figure.id, userId: collector.id });
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  expect(
    (
      await adminPage.request.post("/admin/claims", {
        form: { intent: "verify", claimId: claim.id },
        headers: { origin: E2E.baseURL },
      })
    ).status(),
  ).toBe(200);
  await admin.close();
  await expect.poll(() => received().length, { timeout: 15_000 }).toBe(2);
  expect(received()[1]).toEqual({
    title: `Find verified: ${figure.name}`,
    body: `Your find of ${figure.name} was verified by the team.`,
    link: `${E2E.baseURL}/boonee/${figure.id}`,
  });
});

test("a device whose push address is no push service we deliver to is refused, with the reason", async ({ page }) => {
  // what a browser would never send, but a script can: the server is told to connect elsewhere (docs/decisions/021)
  const endpoint = `https://push.example.test/device/${unique()}`;
  await fakePushDevice(page, endpoint);
  await signUp(page);
  await page.goto("/profile");
  const device = page.getByTestId("push-device");
  await device.getByRole("button", { name: "Push einschalten" }).click();
  await expect(device.getByRole("status")).toHaveText(
    "Diese Push-Adresse gehört zu keinem Push-Dienst, den wir beliefern.",
  );
  expect(
    await db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, endpoint)),
  ).toEqual([]);
});

test("an opted-in collector gets the mail with one-click unsubscribe, which works without a session", async ({
  page,
}) => {
  const collector = await signUp(page);
  const figure = await seedFigure({ ownerId: collector.id });
  await useEnglish(page); // the mails' language is the page's at opt-in
  await optInToEmail(page, collector.email);

  // written in both languages: the English reader's mail is English (issue 27)
  const title = `Post für dich ${unique()}`;
  await broadcastTo(page, figure.id, title, `Mail for you ${title.slice(14)}`);
  await expect.poll(() => mails.filter((m) => m.to === collector.email).length, { timeout: 15_000 }).toBe(2);
  const mail = mails.filter((m) => m.to === collector.email)[1];
  expect(mail.headers.get("subject")).toBe(`Mail for you ${title.slice(14)}`);
  expect(mail.text).toContain(GREETING.en);
  expect(mail.text).not.toContain(GREETING.de);
  const unsubscribe = /^<(https?:\/\/[^>]+\/unsubscribe\?token=[^>]+)>$/.exec(
    mail.headers.get("list-unsubscribe") ?? "",
  )?.[1];
  expect(unsubscribe).toBeTruthy();
  expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toContain(`${E2E.baseURL}/profile#notification-settings`);

  // what a mail provider does (RFC 8058): a POST without cookies or Origin
  const res = await fetch(unsubscribe!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(res.status).toBe(200);
  const [settings] = await db
    .select()
    .from(schema.notificationSettings)
    .where(eq(schema.notificationSettings.userId, collector.id));
  expect(settings.email).toBe("off");
});

/** Drops planned here, removed after each test: a retry must not meet the drop its failed attempt left live (the
 * landing page shows a live drop before any waiting one, so the retry never saw its own countdown). */
const plannedDrops: string[] = [];
test.afterEach(async () => {
  const titles = plannedDrops.splice(0);
  if (titles.length) await db.delete(schema.drops).where(inArray(schema.drops.titleDe, titles));
});

test("a scheduled drop counts down, goes live and shows its hint without reload, reaches phones and mailboxes, then says who found its figure", async ({
  page,
  browser,
}) => {
  test.setTimeout((DROP_DELAY_S + 240) * 1000); // a busy shared machine: the flow around the release takes its time
  const figure = await seedFigure({ name: `Dropling ${unique()}` });
  const title = `Hafendrop ${unique()}`;
  plannedDrops.push(title);
  const area = `Rund um den Hafen ${unique()}`;
  const hint = `Schau unter die grüne Bank ${unique()}`;
  // a collector with push on this device (German) and one with e-mail (English)
  const pushPage = await (await browser.newContext()).newPage();
  const device = await fakePushDevice(pushPage);
  await signUp(pushPage);
  await pushPage.goto("/profile");
  await pushPage.getByTestId("push-device").getByRole("button", { name: "Push einschalten" }).click();
  await expect(pushPage.getByTestId("push-device").getByRole("status")).toHaveText("Push ist auf diesem Gerät an.");
  const mailPage = await (await browser.newContext()).newPage();
  const reader = await signUp(mailPage);
  await useEnglish(mailPage);
  await optInToEmail(mailPage, reader.email);
  const mailsTo = () => mails.filter((m) => m.to === reader.email).slice(1); // after the confirmation mail
  // the visitors are on the landing page before the drop is scheduled: its countdown appears without reload
  const de = await visitor(browser, "de");
  const en = await visitor(browser, "en");
  await signInAsAdmin(page);
  await scheduleDrop(page, { title, area, figureName: figure.name, hint });
  // and on /drops, opened before the start: the upcoming drop on top, then the live one, without reload
  const dropsDe = await visitor(browser, "de", "/drops");
  const dropsEn = await visitor(browser, "en", "/drops");

  await expect(de.getByRole("heading", { name: "Der nächste Drop startet in" })).toBeVisible();
  await expect(en.getByRole("heading", { name: "The next drop starts in" })).toBeVisible();
  for (const p of [de, en]) {
    await expect(p.getByTestId("drop-countdown")).toHaveText(/\d\d:\d\d:\d\d/);
    await expect(p.locator("body")).not.toContainText(title);
    await expect(p.locator("body")).not.toContainText(area);
  }
  await expect(dropsDe.getByRole("heading", { name: "Der nächste Drop startet in" })).toBeVisible();
  await expect(dropsEn.getByRole("heading", { name: "The next drop starts in" })).toBeVisible();
  await expect(dropsDe.getByTestId("drop-countdown")).toHaveText(/\d\d:\d\d:\d\d/);
  // the countdown ticks in the browser
  const first = await de.getByTestId("drop-countdown").textContent();
  await expect(de.getByTestId("drop-countdown")).not.toHaveText(first ?? "");
  expect(device.received()).toEqual([]);

  // live at the release time, without reload
  const live = { timeout: (DROP_DELAY_S + 30) * 1000 };
  await expect(de.getByTestId("drop-status")).toContainText("Live seit", live);
  await expect(de.getByTestId("drop-status")).toContainText("1 von 1 noch versteckt");
  await expect(de.getByRole("heading", { name: title })).toBeVisible();
  await expect(de.getByText(`Gebiet: ${area}`)).toBeVisible();
  await expect(en.getByTestId("drop-status")).toContainText("Live since", live);
  await expect(en.getByRole("heading", { name: `${title} (EN)` })).toBeVisible();
  for (const [p, shown, status] of [
    [dropsDe, title, "Live seit"],
    [dropsEn, `${title} (EN)`, "Live since"],
  ] as const) {
    await expect(p.getByTestId("drop-status")).toContainText(status, live);
    await expect(p.getByRole("heading", { name: shown })).toBeVisible();
    // after a reload the running drop is still on top, not among the past ones
    await p.reload();
    await expect(p.getByTestId("landing-drop")).toHaveAttribute("data-state", "live");
    await expect(p.getByTestId("landing-drop").getByRole("heading", { name: shown })).toBeVisible();
    await expect(p.getByTestId("drops-list").filter({ hasText: shown })).toHaveCount(0);
  }
  // the hint at its own time
  await expect(de.getByTestId("drop-hints")).toContainText(hint, { timeout: 30_000 });
  await expect(en.getByTestId("drop-hints")).toContainText(`${hint} (EN)`, { timeout: 30_000 });

  // word of the release and of the hint reached the phone and the mailbox, each in its collector's language
  const [drop] = await db.select().from(schema.drops).where(eq(schema.drops.titleDe, title));
  const link = `${E2E.baseURL}/drops/${drop.id}`;
  await expect
    .poll(() => device.received().map((p) => `${p.title} → ${p.link}`), { timeout: 30_000 })
    .toEqual([`Der Drop ist live: ${title} → ${link}`, `Neuer Hinweis: ${title} → ${link}`]);
  await expect
    .poll(() => mailsTo().map((m) => m.headers.get("subject")), { timeout: 30_000 })
    .toEqual([`The drop is live: ${title} (EN)`, `New hint: ${title} (EN)`]);
  for (const mail of mailsTo()) {
    expect(mail.text).toContain(link);
    expect(mail.headers.get("list-unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  }
  // the admin sees where the word went, once the queue is through
  const jobsOfDrop = () => db.select().from(schema.deliveryJobs).where(eq(schema.deliveryJobs.dropId, drop.id));
  await expect
    .poll(async () => (await jobsOfDrop()).filter((j) => !["sent", "failed"].includes(j.status)).length, {
      timeout: 30_000,
    })
    .toBe(0);
  const jobs = await jobsOfDrop();
  const sent = jobs.filter((j) => j.status === "sent").length;
  expect(sent).toBeGreaterThanOrEqual(4);
  await page.goto("/admin/drops");
  await expect(page.getByTestId("admin-drop").filter({ hasText: title }).getByTestId("deliveries")).toHaveText(
    `Push/E-Mail: an ${sent} gesendet, 0 ausstehend, ${jobs.filter((j) => j.status === "failed").length} fehlgeschlagen`,
  );

  // a finder claims the figure; the drop page says after how long and by whom
  const finderPage = await (await browser.newContext()).newPage();
  const finder = await signUpQuick(finderPage, `Flinke ${unique()}`);
  await finderPage.goto(`/c/${figure.code}`);
  await finderPage.getByRole("button", { name: "Jetzt claimen" }).click();
  await expect
    .poll(async () => (await db.select().from(schema.boonees).where(eq(schema.boonees.id, figure.id)))[0].ownerId)
    .toBe(finder.id);
  await de.getByTestId("landing-drop-link").click();
  await expect(de.getByTestId("drop-figure-found")).toHaveText(
    new RegExp(`^Gefunden nach \\d+ Minuten? von ${finder.name}$`),
  );
  await expect(de.getByTestId("drop-safety")).toContainText("Kein Privatgrund");
  await expect(en.getByTestId("drop-status")).toContainText("the Boonee is found");
});

test("preferences are a plain form: switched-off kinds are kept, and the language of texts", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUp(page);
  await page.goto("/profile");
  const form = page.getByTestId("notification-preferences");
  await form.getByRole("checkbox", { name: "Erfolge: Push" }).uncheck();
  await form.getByLabel("Sprache von Push und E-Mail").selectOption("en");
  await form.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(
    page.getByTestId("notification-preferences").getByRole("checkbox", { name: "Erfolge: Push" }),
  ).not.toBeChecked();
  await expect(
    page.getByTestId("notification-preferences").getByRole("checkbox", { name: "Erfolge: E-Mail" }),
  ).toBeChecked();
  await expect(page.getByTestId("notification-preferences").getByLabel("Sprache von Push und E-Mail")).toHaveValue(
    "en",
  );
  await context.close();
});

test("the service worker shows a push and opens its link on click", async ({ page, context }) => {
  await context.grantPermissions(["notifications"], { origin: E2E.baseURL });
  await page.goto("/");
  await page.evaluate(() =>
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then(() => undefined),
  );
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${E2E.baseURL}/` && !r.isDeleted,
      );
      if (found) resolve(found.registrationId);
    }),
  );
  // a push delivered before the worker is activated can be lost (seen once in CI): wait for it
  const activated = new Promise<void>((resolve) =>
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      if (
        versions.some(
          (v: { status: string; runningStatus: string }) => v.status === "activated" && v.runningStatus === "running",
        )
      )
        resolve();
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registration;
  await activated;
  // DevTools' push to the worker was lost once in a clean-clone run even after activation (no notification in 30 s,
  // the retry passed in 2 s): that is the test's way in, not the app's, which never sees the message. The push is
  // sent again until the worker has shown it; what is checked is what the worker shows.
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        link: n.data?.link,
      })),
    );
  await expect(async () => {
    if ((await shown()).length === 0)
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: E2E.baseURL,
        registrationId,
        data: JSON.stringify({
          title: "Drop started",
          body: "Two Boonees are hidden in Kiel.",
          link: `${E2E.baseURL}/exclusive`,
        }),
      });
    await expect.poll(shown, { timeout: 10_000 }).not.toEqual([]);
  }).toPass({ timeout: 60_000 });
  expect((await shown())[0]).toEqual({
    title: "Drop started",
    body: "Two Boonees are hidden in Kiel.",
    link: `${E2E.baseURL}/exclusive`,
  });

  // A click on the notification: a synthetic event in the worker (no real click in headless), with
  // openWindow recorded instead of opening a window (which needs the user's gesture).
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const opened = await worker.evaluate(async () => {
    // service-worker types are not in this project's lib: the few members used here
    const sw = self as unknown as {
      opened?: string;
      registration: { getNotifications(): Promise<Notification[]> };
      clients: { openWindow(url: string | URL): Promise<unknown> };
      dispatchEvent(e: Event): boolean;
    };
    const NotificationEvent = (
      self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
    ).NotificationEvent;
    const [notification] = await sw.registration.getNotifications();
    sw.clients.openWindow = async (url: string | URL) => ((sw.opened = String(url)), null);
    try {
      sw.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
    } catch {
      // waitUntil refuses untrusted events; the handler's work has started before that
    }
    await new Promise((r) => setTimeout(r, 300));
    return { opened: sw.opened, left: (await sw.registration.getNotifications()).length };
  });
  expect(opened).toEqual({ opened: `${E2E.baseURL}/exclusive`, left: 0 });
});

test("the app is installable: manifest with PNG icons and an offline page", async ({ request }) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
  const sizes = manifest.icons
    .filter((i: { type: string }) => i.type === "image/png")
    .map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  expect(await (await request.get("/offline.html")).text()).toContain("Du bist offline");
  expect((await request.get("/sw.js")).headers()["content-type"]).toMatch(/javascript/);
});

test("Chromium finds nothing that keeps the app from being installed", async ({ playwright }) => {
  // the check Lighthouse's installable-manifest audit ran (Lighthouse 13 dropped the audit): the
  // browser's own installability errors for the landing page, with its manifest and the service
  // worker the page registers itself (after its load event, when it fetches React). A persistent
  // profile, since a test's usual context counts as incognito, where nothing is installable.
  const profile = await mkdtemp(join(tmpdir(), "boonees-install-"));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    serviceWorkers: "allow",
  });
  try {
    const page = await browser.newPage();
    await page.goto(E2E.baseURL, { waitUntil: "load" });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await browser.newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${E2E.baseURL}/manifest.webmanifest`);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    // under the worker (navigation preload on), pages still come from the network; offline, the offline page answers
    await page.goto(`${E2E.baseURL}/boonees`);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/offline/i);
    await browser.setOffline(true);
    await page.goto(`${E2E.baseURL}/leaderboard`).catch(() => {});
    await expect(page.getByText("Du bist offline")).toBeVisible();
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});
