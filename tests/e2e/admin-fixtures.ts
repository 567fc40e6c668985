import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";

import * as schema from "../../server/db/schema.ts";
import { claimRow, credentialAccount } from "../support/factories.ts";
import { E2E } from "./env.ts";
import { db, grantRole, seedFigure, signIn, unique, type SeedFigure } from "./fixtures.ts";

const PASSWORD = "secret123";
let passwordHash: Promise<string> | undefined;

/**
 * An account written straight into the database (profile, credential, role "user"), the way
 * Better Auth stores it. Sign-ups through the form are throttled per address (20 per 10 minutes),
 * and the whole e2e suite runs from one address: these tests keep that budget for the sign-up tests.
 */
export async function createAccount(name = `Finder ${unique()}`) {
  const id = `e2e-${randomUUID()}`;
  const email = `${unique("a").toLowerCase()}@example.test`;
  passwordHash ??= hashPassword(PASSWORD);
  await credentialAccount(db, { id, name, email, passwordHash: await passwordHash });
  return { id, name, email, password: PASSWORD };
}

/**
 * An account with something to lose (decision 042): made two days ago, with a find of its own, so its
 * reports count towards a figure's public note.
 */
export async function seasonedAccount(page: Page, name?: string) {
  const user = await createAccount(name);
  await db
    .update(schema.profiles)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(schema.profiles.id, user.id));
  const find = await seedFigure({ status: "Found", ownerId: user.id });
  await claimRow(db, { figureId: find.id, userId: user.id });
  await signIn(page, user.email, user.password);
  return user;
}

/** A new account, signed in on the page's context through the real login form. */
export async function signUpQuick(page: Page, name?: string) {
  const user = await createAccount(name);
  await signIn(page, user.email, user.password);
  return user;
}

/** A real PNG with EXIF-free pixels, made on the fly (600 × 450, a purple-green gradient-ish block). */
export async function pngBytes(width = 600, height = 450) {
  return sharp({ create: { width, height, channels: 3, background: "#6b3fd1" } })
    .composite([
      {
        input: await sharp({ create: { width: Math.round(width / 2), height, channels: 3, background: "#2f9e5b" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** A JPEG that carries EXIF data (camera make, a GPS-like note). */
export async function jpegWithExif() {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: "#e5602a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "SpyCam", Copyright: "GPS 54.3233N 10.1228E" } })
    .toBuffer();
}

/** A plain text file pretending to be a video. */
export const fakeMp4 = Buffer.from("This is not a video at all, just text renamed to .mp4\n".repeat(20));

/** A signed-up user who owns `n` figures (claimed through the same rows a claim writes). */
export async function ownerWith(page: Page, figures: SeedFigure[], name = `Owner ${unique()}`) {
  const user = await signUpQuick(page, name);
  const owned = [];
  for (const f of figures) {
    const b = await seedFigure({ status: "Found", ...f, ownerId: user.id });
    const c = await claimRow(db, { figureId: b.id, userId: user.id });
    owned.push({ ...b, claimId: c.id });
  }
  return { user, owned };
}

/** Signs the page's context in as a fresh moderator. */
export async function signInAsModerator(page: Page) {
  const user = await createAccount(`Mod ${unique()}`);
  await grantRole(user.id, "moderator");
  await signIn(page, user.email, user.password);
  return user;
}

export async function figureById(id: string) {
  const [b] = await db.select().from(schema.boonees).where(eq(schema.boonees.id, id));
  return b;
}

export async function tagOf(figureId: string) {
  const [t] = await db.select().from(schema.tags).where(eq(schema.tags.figureId, figureId));
  return t;
}

export const origin = () => ({ origin: E2E.baseURL });

/** Opens an admin page and waits until React has hydrated it (so selects and shortcuts react). */
export async function gotoAdmin(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-slot="sidebar-wrapper"][data-hydrated="true"]').waitFor();
}
