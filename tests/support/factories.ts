// Test factories: rows a test needs, with sensible defaults and typed overrides. Codes come from the
// real generator (shared/claim-code-rule.ts), so two figures never share one, whatever runs alongside.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";

import type { Db } from "../../server/db/client.ts";
import {
  accounts,
  activityLog,
  boonees,
  booneeStories,
  cities,
  cityStaff,
  claims,
  dropFigures,
  dropHints,
  drops,
  exclusiveContent,
  figureReports,
  notifications,
  profiles,
  storyPhotos,
  tags,
  userAchievements,
  userRoles,
  verifications,
  webhookEndpoints,
} from "../../server/db/schema.ts";
import type { Services } from "../../server/services.ts";
import { generateClaimCode } from "../../shared/claim-code-rule.ts";

/** Column values, each also as SQL (`sql`now() - interval '1 day'``), as an insert takes them. */
type Values<T> = { [K in keyof T]?: T[K] | SQL };
type FigureInsert = typeof boonees.$inferInsert;
type TagInsert = typeof tags.$inferInsert;

let n = 0;
/** A name no other test row has (a counter and the clock), for rows a test looks up by name. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(n++).toString(36)}`;

export type FigureOverrides = Values<FigureInsert> & {
  /** The tag's secret code; generated when not given. */
  code?: string;
  /** Extra tag columns (a SUN tag's, is_claimed…). */
  tag?: Omit<Partial<TagInsert>, "figureId" | "secretCode">;
};

/** A figure row without a tag. Defaults: Placed, Common, a unique name; an `ownerId` also sets `claimedAt` (now). */
export async function untaggedFigure(db: Db, over: Values<FigureInsert> = {}) {
  const [row] = await db
    .insert(boonees)
    .values({
      name: uniqueName("Figur"),
      status: "Placed",
      rarity: "Common",
      ...(over.ownerId && over.claimedAt === undefined ? { claimedAt: new Date() } : {}),
      ...over,
    })
    .returning();
  return { ...row, figureId: row.id };
}

/**
 * A figure with its tag (as `untaggedFigure`, plus a generated code unless `code` is given). An
 * `ownerId` marks the tag claimed unless `tag.isClaimed` says otherwise. No claim row: use `claimRow`
 * (or `ownedFigure`) for that.
 */
export async function figure(db: Db, over: FigureOverrides = {}) {
  const { code: givenCode, tag: tagOver, ...values } = over;
  const row = await untaggedFigure(db, values);
  const code = givenCode ?? generateClaimCode();
  const [t] = await db
    .insert(tags)
    .values({ isClaimed: !!values.ownerId, ...tagOver, figureId: row.id, secretCode: code })
    .returning({ id: tags.id });
  return { ...row, tagId: t.id, code };
}

/** A figure type (the template its instances inherit from): no tag, Placed unless overridden. */
export async function figureType(db: Db, over: Values<FigureInsert> = {}) {
  return untaggedFigure(db, { name: uniqueName("Typ"), ...over });
}

/** `count` tagged instances of a type (each with its own generated code). */
export async function instances(db: Db, typeId: string, count: number, over: FigureOverrides = {}) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(await figure(db, { typeId: typeId, ...over }));
  return out;
}

/** A claim row (pending unless overridden) of `userId` on `figureId`. Does not change the figure. */
export async function claimRow(
  db: Db,
  values: Pick<typeof claims.$inferInsert, "figureId" | "userId"> & Values<typeof claims.$inferInsert>,
) {
  const [row] = await db.insert(claims).values(values).returning();
  return row;
}

/** A figure found by `userId`: status Found, owner set, tag claimed, with its claim row. */
export async function ownedFigure(db: Db, userId: string, over: FigureOverrides & { untagged?: boolean } = {}) {
  const { untagged, code, tag, ...rest } = over;
  const values = { status: "Found" as const, ownerId: userId, ...rest };
  const f = untagged
    ? { ...(await untaggedFigure(db, values)), tagId: null, code: null }
    : await figure(db, { ...values, code, tag });
  const c = await claimRow(db, { figureId: f.id, userId });
  return { ...f, claimId: c.id };
}

/** A finder's story on a figure (German, visible, unless overridden). */
export async function finderStory(
  db: Db,
  values: Pick<typeof booneeStories.$inferInsert, "figureId" | "userId"> & Values<typeof booneeStories.$inferInsert>,
) {
  const [row] = await db
    .insert(booneeStories)
    .values({ title: "Am Hafen", story: "Unter einem Poller gefunden, ganz nass.", ...values })
    .returning();
  return row;
}

/** A photo of a finder's story (a stored upload's address unless `url` is given). */
export async function storyPhoto(
  db: Db,
  values: Pick<typeof storyPhotos.$inferInsert, "storyId"> & Values<typeof storyPhotos.$inferInsert>,
) {
  const [row] = await db
    .insert(storyPhotos)
    .values({ url: `/uploads/stories/${uniqueName("foto").replace(/\W+/g, "-")}.webp`, ...values })
    .returning();
  return row;
}

/**
 * A drop row inserted directly (no domain rules: for a test that needs one to exist), releasing in an
 * hour unless overridden, with `figureIds` joined (their previous status kept, Placed unless given).
 */
export async function drop(
  db: Db,
  over: Values<typeof drops.$inferInsert> & {
    figureIds?: string[];
    previousStatus?: (typeof dropFigures.$inferInsert)["previousStatus"];
  } = {},
) {
  const { figureIds = [], previousStatus = "Placed", ...values } = over;
  const title = values.titleDe ?? uniqueName("Drop");
  const [row] = await db
    .insert(drops)
    .values({ titleDe: title, titleEn: `${title} EN`, releaseAt: new Date(Date.now() + 60 * 60_000), ...values })
    .returning();
  if (figureIds.length)
    await db.insert(dropFigures).values(figureIds.map((figureId) => ({ dropId: row.id, figureId, previousStatus })));
  return row;
}

/**
 * Makes a waiting drop due: its release time a second ago. The drops trigger tells the server's release
 * timer (drops_changed), which releases it and announces it as at its planned time; nobody waits a minute.
 */
export async function dropDueNow(db: Db, dropId: string) {
  await db
    .update(drops)
    .set({ releaseAt: sql`now() - interval '1 second'` })
    .where(eq(drops.id, dropId));
}

/** A hint of a drop (released with it unless `releaseAt` says otherwise). */
export async function dropHint(
  db: Db,
  values: Pick<typeof dropHints.$inferInsert, "dropId" | "releaseAt"> & Values<typeof dropHints.$inferInsert>,
) {
  const [row] = await db
    .insert(dropHints)
    .values({ textDe: "Hinter der Mühle", textEn: "Behind the mill", ...values })
    .returning();
  return row;
}

type NotificationValues = Pick<typeof notifications.$inferInsert, "userId"> & Values<typeof notifications.$inferInsert>;

/** A notification in `userId`'s bell (unread, of type "other", unless overridden). */
export async function notification(db: Db, values: NotificationValues) {
  const [row] = await notificationBatch(db, [values]);
  return row;
}

/** Several notifications written in one statement: one moment, as a fan-out writes them (the bell hears of all at once). */
export async function notificationBatch(db: Db, list: NotificationValues[]) {
  return db
    .insert(notifications)
    .values(
      list.map((values) => ({
        title: uniqueName("Nachricht"),
        message: "Neu für dich.",
        type: "other" as const,
        ...values,
      })),
    )
    .returning();
}

/** An exclusive content item as sent (to everyone, a title only, unless overridden). */
export async function exclusive(db: Db, values: Values<typeof exclusiveContent.$inferInsert> = {}) {
  const [row] = await db
    .insert(exclusiveContent)
    .values({ title: uniqueName("Inhalt"), audience: "all", ...values })
    .returning();
  return row;
}

/** An activity-log row written directly (no actor: the system), for a log or a glance to show. */
export async function activity(
  db: Db,
  values: Pick<typeof activityLog.$inferInsert, "action" | "objectType"> & Values<typeof activityLog.$inferInsert>,
) {
  const [row] = await db.insert(activityLog).values(values).returning();
  return row;
}

/** A finder's report on a figure (open unless `resolvedAt` is given; anonymous unless `reporterId`). */
export async function figureReport(
  db: Db,
  values: Pick<typeof figureReports.$inferInsert, "figureId"> & Values<typeof figureReports.$inferInsert>,
) {
  const [row] = await db
    .insert(figureReports)
    .values({ kind: "missing", ...values })
    .returning();
  return row;
}

/** A webhook endpoint (for figure.found, with a fixed secret) at a URL of its own. */
export async function webhookEndpoint(db: Db, values: Values<typeof webhookEndpoints.$inferInsert> = {}) {
  const host = uniqueName("hook").toLowerCase().replace(/\W+/g, "-");
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ url: `https://${host}.example.com/hook`, events: ["figure.found"], secret: "whsec_AAAA", ...values })
    .returning();
  return row;
}

/** An achievement `userId` holds (no notification: for a page that shows what is held). */
export async function achievement(db: Db, userId: string, name: string) {
  await db.insert(userAchievements).values({ userId, achievement: name });
}

/** Makes `userId` staff of `cityId` (decision 058); their role is set apart (createStaff, a role update). */
export async function cityStaffRow(db: Db, userId: string, cityId: number) {
  await db.insert(cityStaff).values({ userId, cityId });
}

/**
 * An account written straight into the database as Better Auth stores it (profile, password credential,
 * role "user"): no sign-up form, so no sign-up throttle. `passwordHash` is the hash of its password.
 */
export async function credentialAccount(
  db: Db,
  values: { id: string; name: string; email: string; passwordHash: string },
) {
  const { id, name, email, passwordHash } = values;
  await db.insert(profiles).values({ id, name, email });
  await db
    .insert(accounts)
    .values({ id: randomUUID(), userId: id, accountId: id, providerId: "credential", password: passwordHash });
  await db.insert(userRoles).values({ userId: id, role: "user" });
}

/** Gives `userId` the one role `role` (its staff cities are set apart). */
export async function setRole(db: Db, userId: string, role: "user" | "moderator" | "admin") {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.insert(userRoles).values({ userId, role });
}

/** An e-mail confirmation link's token for `userId`, as mailed (the server keeps its hash); valid for an hour. */
export async function emailConfirmToken(db: Db, userId: string) {
  const token = randomBytes(24).toString("base64url");
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `confirm-email:${createHash("sha256").update(token).digest("hex")}`,
    value: userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** A profile row without an account (a finder who only exists as a name, e.g. a story's author). */
export async function profileRow(
  db: Db,
  values: Pick<typeof profiles.$inferInsert, "id" | "name" | "email"> & Values<typeof profiles.$inferInsert>,
) {
  const [row] = await db.insert(profiles).values(values).returning();
  return row;
}

/**
 * A city row inserted directly (not active, German by default, Europe/Berlin unless overridden), with a
 * slug of its own; for a test that needs one to exist (the admin's `createCity` also records activity).
 */
export async function city(db: Db, over: Values<typeof cities.$inferInsert> = {}) {
  const name = typeof over.nameDe === "string" ? over.nameDe : uniqueName("Stadt");
  const slug = uniqueName("stadt")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const [row] = await db
    .insert(cities)
    .values({ slug, nameDe: name, nameEn: name, timeZone: "Europe/Berlin", ...over })
    .returning();
  return row;
}

/** Tokyo, the second city of the tests that cross cities: its own zone and English by default. */
export const TOKYO = {
  slug: "tokio",
  nameDe: "Tokio",
  nameEn: "Tokyo",
  timeZone: "Asia/Tokyo",
  defaultLang: "en",
  country: "JP",
} as const;

let userCounter = 0;
/** A signed-up user (role "user"); returns its id, e-mail, password and session cookie. */
export async function createUser(services: Pick<Services, "auth">, name = "Finder") {
  const email = `user${Date.now()}${userCounter++}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = "secret123";
  const result = await services.auth.api.signUpEmail({ body: { name, email, password }, returnHeaders: true });
  const cookie = (result.headers.getSetCookie()[0] ?? "").split(";")[0];
  return { id: result.response.user.id, email, password, name, cookie };
}

/**
 * A user with something to lose (decision 042): signed up two days ago, with a find of their own. Their
 * reports count towards a figure's public note; a fresh createUser's do not.
 */
export async function createSeasonedUser(services: Pick<Services, "auth" | "db">, name = "Finder") {
  const u = await createUser(services, name);
  await services.db
    .update(profiles)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(profiles.id, u.id));
  await ownedFigure(services.db, u.id, { name: `${name}s Fund`, rarity: "Common", claimedAt: null, untagged: true });
  return u;
}

/** A signed-up user holding `role`, as the Actor domain functions take. */
export async function createStaff(
  services: Pick<Services, "auth" | "db">,
  role: "admin" | "moderator",
  name = "Ada Admin",
) {
  const u = await createUser(services, name);
  await services.db.update(userRoles).set({ role }).where(eq(userRoles.userId, u.id));
  return { id: u.id, role } as const;
}
