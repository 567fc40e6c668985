import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, desc, eq, sql } from "drizzle-orm";

import { DEFAULT_LANG, type Lang } from "#shared/i18n-config.ts";
import { renderNotificationText } from "#shared/notification-text.ts";
import { loose } from "#shared/translate.ts";

import type { Db, DbOrTx } from "../../db/client.ts";
import {
  accounts,
  boonees,
  booneeStories,
  cities,
  cityFollows,
  claims,
  deliveryJobs,
  figureReports,
  notificationOptOuts,
  notifications,
  notificationSettings,
  passkeys,
  personalTokens,
  profiles,
  pushSubscriptions,
  sessions,
  storyPhotoReports,
  storyPhotos,
  userAchievements,
  userRoles,
  verifications,
} from "../../db/schema.ts";
import { translator } from "../../notify/translate.ts";
import type { Services } from "../../services.ts";
import type { Storage } from "../../storage/storage.ts";
import { keysOfUrl, removeUnreferencedUploads } from "../../uploads/upload-references.ts";
import { eraseAnnouncementReads, listAnnouncements } from "../drops/announcement-inbox.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { photoUrlsOf } from "../stories/story-photos.ts";
import { confirmWithOwnPasskey } from "./passkeys.ts";
import { withPasswordCheck } from "./password-check.ts";

/**
 * Everything stored about the signed-in user, for "Download my data" (GDPR Art. 20). System texts
 * (stored as "@kind:arg") are written out in `lang`, as the bell shows them. Finder photos are listed
 * with the address of each stored size (`publicUrl` in front, when given); reports with their state.
 */
export async function exportUserData(db: DbOrTx, actor: Actor | null, lang: Lang = DEFAULT_LANG, publicUrl = "") {
  assertSignedIn(actor);
  const id = actor.id;
  const t = translator(lang);
  const readable = <N extends { title: string; message: string }>(n: N): N => ({
    ...n,
    title: renderNotificationText(n.title, t),
    message: renderNotificationText(n.message, t),
  });
  const [profile] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      createdAt: profiles.createdAt,
      // the choice to be 'Anonymous' on public pages (decision 050)
      hideName: profiles.hideName,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  return {
    exportedAt: new Date().toISOString(),
    profile,
    roles: (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map(
      (r) => r.role,
    ),
    figures: await db
      .select({
        id: boonees.id,
        name: boonees.name,
        rarity: boonees.rarity,
        series: boonees.series,
        claimedAt: boonees.claimedAt,
      })
      .from(boonees)
      .where(eq(boonees.ownerId, id))
      .orderBy(desc(boonees.claimedAt)),
    claims: await db
      .select({
        id: claims.id,
        figureId: claims.figureId,
        figure: boonees.name,
        claimedAt: claims.claimedAt,
        verified: claims.verified,
      })
      .from(claims)
      .innerJoin(boonees, eq(boonees.id, claims.figureId))
      .where(eq(claims.userId, id)),
    stories: await db
      .select({
        id: booneeStories.id,
        figureId: booneeStories.figureId,
        title: booneeStories.title,
        story: booneeStories.story,
        findLocation: booneeStories.findLocation,
        findDate: booneeStories.findDate,
        createdAt: booneeStories.createdAt,
      })
      .from(booneeStories)
      .where(eq(booneeStories.userId, id)),
    storyPhotos: (
      await db
        .select({
          id: storyPhotos.id,
          storyId: storyPhotos.storyId,
          url: storyPhotos.url,
          hidden: storyPhotos.hidden,
          createdAt: storyPhotos.createdAt,
        })
        .from(storyPhotos)
        .innerJoin(booneeStories, eq(booneeStories.id, storyPhotos.storyId))
        .where(eq(booneeStories.userId, id))
        .orderBy(storyPhotos.createdAt, storyPhotos.id)
    ).map(({ url, ...photo }) => {
      const [detail, card] = keysOfUrl(url).map((key) => `${publicUrl}/uploads/${key}`);
      return { ...photo, sizes: { detail: detail ?? url, card: card ?? null } };
    }),
    figureReports: (
      await db
        .select({
          id: figureReports.id,
          figureId: figureReports.figureId,
          figure: boonees.name,
          kind: figureReports.kind,
          note: figureReports.note,
          createdAt: figureReports.createdAt,
          resolvedAt: figureReports.resolvedAt,
          resolution: figureReports.resolution,
        })
        .from(figureReports)
        .innerJoin(boonees, eq(boonees.id, figureReports.figureId))
        .where(eq(figureReports.reporterId, id))
        .orderBy(desc(figureReports.createdAt))
    ).map(({ resolution, ...report }) => ({ ...report, state: resolution ?? "open" })),
    photoReports: (
      await db
        .select({
          id: storyPhotoReports.id,
          photoId: storyPhotoReports.photoId,
          figureId: booneeStories.figureId,
          createdAt: storyPhotoReports.createdAt,
          reviewedAt: storyPhotoReports.reviewedAt,
          photoHidden: storyPhotos.hidden,
        })
        .from(storyPhotoReports)
        .innerJoin(storyPhotos, eq(storyPhotos.id, storyPhotoReports.photoId))
        .innerJoin(booneeStories, eq(booneeStories.id, storyPhotos.storyId))
        .where(eq(storyPhotoReports.reporterId, id))
        .orderBy(desc(storyPhotoReports.createdAt))
    ).map(({ photoHidden, ...report }) => ({
      ...report,
      state: report.reviewedAt ? (photoHidden ? "photoHidden" : "photoKept") : "open",
    })),
    notifications: [
      ...(await db
        .select({
          title: notifications.title,
          message: notifications.message,
          type: notifications.type,
          link: notifications.link,
          read: notifications.read,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, id))
        .orderBy(desc(notifications.createdAt))),
      // the announcements to everyone this account sees, with its read state (docs/decisions/024)
      ...(await listAnnouncements(db, id)).map(({ id: _id, ...a }) => a),
    ]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map(readable),
    achievements: (
      await db
        .select({ achievement: userAchievements.achievement, unlockedAt: userAchievements.unlockedAt })
        .from(userAchievements)
        .where(eq(userAchievements.userId, id))
    ).map((a) => ({ ...a, name: loose(t)(`achievements.${a.achievement}.name`) })),
    // the links' tokens and the devices' keys are capabilities, not data about the person
    notificationSettings:
      (
        await db
          .select({ language: notificationSettings.language, email: notificationSettings.email })
          .from(notificationSettings)
          .where(eq(notificationSettings.userId, id))
      )[0] ?? null,
    notificationOptOuts: await db
      .select({ kind: notificationOptOuts.kind, channel: notificationOptOuts.channel })
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.userId, id)),
    // the cities whose drop notices reach this account (decision 053)
    followedCities: (
      await db
        .select({ city: cities.slug })
        .from(cityFollows)
        .innerJoin(cities, eq(cities.id, cityFollows.cityId))
        .where(eq(cityFollows.userId, id))
        .orderBy(cities.slug)
    ).map((r) => r.city),
    pushDevices: (
      await db
        .select({
          endpoint: pushSubscriptions.endpoint,
          language: pushSubscriptions.language,
          createdAt: pushSubscriptions.createdAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, id))
    ).map((d) => ({ pushService: new URL(d.endpoint).origin, language: d.language, createdAt: d.createdAt })),
    passkeys: await db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, id)),
    personalTokens: await db
      .select({ name: personalTokens.name, createdAt: personalTokens.createdAt, lastUsedAt: personalTokens.lastUsedAt })
      .from(personalTokens)
      .where(eq(personalTokens.userId, id)),
  };
}

/**
 * Deletes the account (product decisions): roles, sessions, credentials, pending password-reset
 * links, stories, notifications and achievements go; the profile row stays, anonymised, so the
 * user's figures stay claimed and show 'Anonymous'. The last admin cannot go. One transaction.
 * The caller has checked the password.
 */
export async function deleteAccount(db: Db, storage: Storage, actor: Actor | null) {
  assertSignedIn(actor);
  const id = actor.id;
  const erased = await db.transaction(async (tx) => {
    // Lock every admin row first, so two admins deleting themselves at once cannot both pass.
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"))
      .for("update");
    if (admins.some((a) => a.userId === id) && admins.length === 1) throw new DomainError("lastAdmin", 409);
    return eraseAccount(tx, id);
  });
  await removeErasedFiles(db, storage, erased);
}

/** What eraseAccount removed besides rows: the URLs of the person's finder photos, whose files go after the commit. */
export interface ErasedAccount {
  photoUrls: string[];
}

/** The files of an erased account (its finder photos, every size), once its transaction has committed. */
export const removeErasedFiles = (db: DbOrTx, storage: Storage, erased: ErasedAccount) =>
  removeUnreferencedUploads(db, storage, erased.photoUrls);

/**
 * What deleting an account removes (see deleteAccount), inside the caller's transaction. The finder
 * photos' rows go with the stories; the caller removes their files after the commit (removeErasedFiles).
 */
export async function eraseAccount(tx: DbOrTx, id: string): Promise<ErasedAccount> {
  const photoUrls = await photoUrlsOf(tx, eq(booneeStories.userId, id));
  await tx.delete(userRoles).where(eq(userRoles.userId, id));
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(accounts).where(eq(accounts.userId, id));
  // A reset token stores its user's id as the value: a mailed link must not revive the account.
  await tx.delete(verifications).where(eq(verifications.value, id));
  await tx.delete(booneeStories).where(eq(booneeStories.userId, id));
  await tx.delete(notifications).where(eq(notifications.userId, id));
  await eraseAnnouncementReads(tx, id);
  await tx.delete(userAchievements).where(eq(userAchievements.userId, id));
  // Reports keep counting (a figure's note must not vanish with one reporter); only their words go.
  await tx.update(figureReports).set({ note: null }).where(eq(figureReports.reporterId, id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
  await tx.delete(passkeys).where(eq(passkeys.userId, id));
  await tx.delete(personalTokens).where(eq(personalTokens.userId, id));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, id));
  await tx.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, id));
  await tx.delete(cityFollows).where(eq(cityFollows.userId, id));
  await tx.delete(deliveryJobs).where(and(eq(deliveryJobs.userId, id), eq(deliveryJobs.status, "pending")));
  await tx
    .update(profiles)
    .set({
      name: null,
      email: sql`'deleted-' || ${profiles.id} || '@deleted.invalid'`,
      image: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, id));
  return { photoUrls };
}

/**
 * "Delete account" of a passkey-only account: one of its passkeys signs a fresh challenge instead of
 * the password, then as deleteOwnAccount.
 */
export async function deleteOwnAccountWithPasskey(
  services: Pick<Services, "db" | "auth" | "config" | "storage">,
  actor: Actor | null,
  response: AuthenticationResponseJSON,
  headers: Headers,
) {
  await confirmWithOwnPasskey(services, actor, response);
  await deleteAccount(services.db, services.storage, actor);
  const out = await services.auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
  return new Headers(out?.headers);
}

/**
 * "Delete account" on the profile: the password is checked again (throttled), then deleteAccount
 * runs. Returns the Set-Cookie headers that clear the session cookie (whatever its name: the secure
 * prefix applies on https).
 */
export async function deleteOwnAccount(
  services: Pick<Services, "db" | "auth" | "storage">,
  actor: Actor | null,
  password: string,
  headers: Headers,
) {
  assertSignedIn(actor);
  await withPasswordCheck(services.db, actor, "delete-account", () =>
    services.auth.api.verifyPassword({ body: { password }, headers }),
  );
  await deleteAccount(services.db, services.storage, actor);
  // the session row is gone already; signOut still answers with the cookie-clearing headers
  const out = await services.auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
  return new Headers(out?.headers);
}
