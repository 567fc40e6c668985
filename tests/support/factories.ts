// Test factories: rows a test needs, with sensible defaults and typed overrides. Codes come from the
// real generator (shared/claim-code-rule.ts), so two figures never share one, whatever runs alongside.
import { eq, sql, type SQL } from "drizzle-orm";

import type { Db } from "../../server/db/client.ts";
import {
  boonees,
  booneeStories,
  claims,
  dropFigures,
  drops,
  profiles,
  tags,
  userRoles,
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

/**
 * A drop row inserted directly (no domain rules: for a test that needs one to exist), releasing in an
 * hour unless overridden, with `figureIds` joined (their previous status kept as Placed).
 */
export async function drop(db: Db, over: Values<typeof drops.$inferInsert> & { figureIds?: string[] } = {}) {
  const { figureIds = [], ...values } = over;
  const title = values.titleDe ?? uniqueName("Drop");
  const [row] = await db
    .insert(drops)
    .values({ titleDe: title, titleEn: `${title} EN`, releaseAt: new Date(Date.now() + 60 * 60_000), ...values })
    .returning();
  if (figureIds.length)
    await db
      .insert(dropFigures)
      .values(figureIds.map((figureId) => ({ dropId: row.id, figureId, previousStatus: "Placed" as const })));
  return row;
}

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
