import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

import type { ActivityDetails } from "#shared/activity.ts";
import type { Lang } from "#shared/i18n-config.ts";

export const rarityEnum = pgEnum("rarity", ["Common", "Rare", "Legendary"]);
export const statusEnum = pgEnum("boonee_status", [
  "Draft",
  "Hidden",
  "Placed",
  "Found",
  "On Sale",
  "Sold Out",
  "Archived",
]);
export const elementEnum = pgEnum("element", ["Feuer", "Wasser", "Erde", "Luft", "Blitz", "Eis"]);
export const roleEnum = pgEnum("role", ["user", "moderator", "admin"]);
export const notificationTypeEnum = pgEnum("notification_type", ["drop", "achievement", "trade", "content", "other"]);
export const contentTypeEnum = pgEnum("content_type", ["news", "image", "link", "video", "text", "document"]);
export const audienceEnum = pgEnum("content_audience", ["all", "rarity", "series", "boonee"]);
export const claimStatusEnum = pgEnum("claim_status", ["pending", "verified", "rejected"]);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// Better Auth's "user" model, renamed to the spec's profiles. A deleted account keeps its row,
// anonymised (name null, e-mail replaced, deleted_at set), so that its figures stay claimed.
export const profiles = pgTable("profiles", {
  id: text("id").primaryKey(),
  name: text("name"),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  /** Set by an admin: no sign-in, no sessions, stories hidden (the reason is in the activity log). */
  blockedAt: timestamp("blocked_at", { withTimezone: true }),
  /** The person's own choice: shown as 'Anonymous' on every public page, feed and API answer (decision 050). */
  hideName: boolean("hide_name").notNull().default(false),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * A city the game is played in (docs/decisions/053). Figures, drops and broadcasts belong to one (their
 * tags and reports through their figure); accounts do not. The first city (id 1) was made by migration
 * 0034 from the settings of a one-city deployment; rows written without a city (the previous release)
 * land there by the columns' default.
 */
export const cities = pgTable(
  "cities",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    nameDe: text("name_de").notNull(),
    nameEn: text("name_en").notNull(),
    timeZone: text("time_zone").notNull(),
    defaultLang: text("default_lang").notNull().default("de").$type<Lang>(),
    /** ISO 3166-1 alpha-2, upper case (e.g. DE, JP): leaderboards per country. */
    country: text("country").notNull().default("DE"),
    areaDe: text("area_de").notNull().default(""),
    areaEn: text("area_en").notNull().default(""),
    active: boolean("active").notNull().default(false),
    /** The legal notice's operator for this city; null: the deployment's OPERATOR_* settings. */
    operatorName: text("operator_name"),
    operatorAddress: text("operator_address"),
    operatorEmail: text("operator_email"),
    operatorRepresentative: text("operator_representative"),
    /** Set when an admin marked the label sheet printed or exported (a checklist item). */
    labelsReadyAt: timestamp("labels_ready_at", { withTimezone: true }),
    /** The first city's name and zone were aligned with DROP_CITY / TIME_ZONE once (server/domain/cities/align-first-city.ts). */
    settingsAlignedAt: timestamp("settings_aligned_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cities_slug_key").on(t.slug),
    check("cities_default_lang_check", sql`${t.defaultLang} in ('de', 'en')`),
    check("cities_slug_check", sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,39}$'`),
  ],
);

/** The first city: made by migration 0034, the default of every city column. */
export const FIRST_CITY_ID = 1;

const cityId = () =>
  integer("city_id")
    .notNull()
    .default(FIRST_CITY_ID)
    .references(() => cities.id);

export const boonees = pgTable(
  "boonees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The German texts are the columns without suffix; English in `<column>_en`, null when missing (docs/decisions/033). */
    description: text("description"),
    descriptionEn: text("description_en"),
    rarity: rarityEnum("rarity").notNull().default("Common"),
    status: statusEnum("status").notNull().default("Draft"),
    series: text("series"),
    imageUrl: text("image_url"),
    welcomeVideoUrl: text("welcome_video_url"),
    typeId: uuid("template_id").references((): AnyPgColumn => boonees.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    origin: text("origin"),
    originEn: text("origin_en"),
    passion: text("passion"),
    passionEn: text("passion_en"),
    superpower: text("superpower"),
    superpowerEn: text("superpower_en"),
    personality: text("personality"),
    personalityEn: text("personality_en"),
    element: elementEnum("element"),
    birthDate: date("birth_date"),
    /** Where the operator hid the figure: admins only, never public. */
    placementNote: text("placement_note"),
    createdAt: createdAt(),
    /**
     * An instance's fields that hold its own value (column names); every other inherited field
     * follows its type (shared/inherited-fields.ts, docs/decisions/015). Empty for types.
     */
    overriddenFields: text("overridden_fields")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Set once two people reported the figure (server/domain/reports/report-figure.ts): the public "maybe
     * missing / maybe damaged" note, cleared when an admin resolves the reports.
     */
    reportedIssue: text("reported_issue", { enum: ["missing", "damaged"] }),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    /**
     * When the figure last went public (from Draft or Hidden, or created public): set by the database
     * (trigger boonees_placed_at, migration 0031), whoever changes the status. The biography's "found
     * after" counts from it for figures outside a drop (server/domain/figures/figure-life.ts).
     */
    placedAt: timestamp("placed_at", { withTimezone: true }),
    cityId: cityId(),
  },
  (t) => [
    index("boonees_city_idx").on(t.cityId),
    index("boonees_owner_idx").on(t.ownerId, t.claimedAt.desc()),
    index("boonees_template_idx").on(t.typeId),
    index("boonees_status_idx").on(t.status),
    index("boonees_rarity_owner_idx").on(t.rarity, t.ownerId),
    index("boonees_series_idx").on(t.series),
    index("boonees_created_idx").on(t.createdAt.desc(), t.id),
    // which row still uses an upload file (server/uploads/upload-references.ts: deletions, the orphan sweep)
    index("boonees_image_url_idx")
      .on(t.imageUrl)
      .where(sql`${t.imageUrl} is not null`),
    index("boonees_welcome_video_url_idx")
      .on(t.welcomeVideoUrl)
      .where(sql`${t.welcomeVideoUrl} is not null`),
  ],
);

export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    figureId: uuid("boonee_id")
      .notNull()
      .references(() => boonees.id, { onDelete: "cascade" }),
    tagUid: text("tag_uid"),
    secretCode: text("secret_code").notNull(),
    isClaimed: boolean("is_claimed").notNull().default(false),
    /**
     * A Secure Unique NFC tag (NTAG 424 DNA) bound to the figure: "master" (keys derived from
     * SUN_MASTER_KEY and the UID) or "explicit" (keys given for a tag programmed elsewhere). Null: none;
     * then the bare code claims. With a SUN tag only a verified tap claims.
     */
    sunMode: text("sun_mode", { enum: ["master", "explicit"] }),
    sunMetaKey: text("sun_meta_key"),
    sunFileKey: text("sun_file_key"),
    /** The tap counter of the last accepted tap; a tap is accepted only with a higher one. */
    sunCounter: integer("sun_counter"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tags_secret_code_key").on(t.secretCode),
    uniqueIndex("tags_boonee_key").on(t.figureId),
    uniqueIndex("tags_sun_uid_key")
      .on(t.tagUid)
      .where(sql`${t.sunMode} is not null`),
    check("tags_sun_mode_check", sql`${t.sunMode} in ('master', 'explicit')`),
  ],
);

/**
 * The highest tap counter ever accepted from a SUN tag, by UID: it outlives unbinding and rebinding
 * (to the same or another figure), so a tap URL captured before can never be accepted again.
 */
export const sunTagCounters = pgTable("sun_tag_counters", {
  tagUid: text("tag_uid").primaryKey(),
  counter: integer("counter").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const claims = pgTable(
  "claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    figureId: uuid("boonee_id")
      .notNull()
      .references(() => boonees.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    status: claimStatusEnum("status").notNull().default("pending"),
    /** Kept for readers of the old column: true exactly when the claim is verified. */
    verified: boolean("verified")
      .notNull()
      .generatedAlwaysAs(sql`status = 'verified'`),
    /** Why a claim was rejected (shown in the Claims table and told to the former owner). */
    reason: text("reason"),
    /** The language the reason was written in (the reviewer's page language); null before it was kept. */
    reasonLang: text("reason_lang").$type<Lang>(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    // A figure has at most one standing claim: a second one is impossible even if the code path is
    // wrong. A rejected claim stays as a record and no longer counts.
    uniqueIndex("claims_boonee_key")
      .on(t.figureId)
      .where(sql`${t.status} <> 'rejected'`),
    index("claims_user_idx").on(t.userId),
    index("claims_claimed_at_idx").on(t.claimedAt.desc()),
    // the keyset order of /api/v1/finds (server/domain/figures/public-finds.ts), read backwards: ascending
    // (nulls last) read backwards is exactly "order by claimed_at desc, id desc" (nulls first)
    index("claims_claimed_at_id_idx").on(t.claimedAt, t.id),
    check("claims_reason_lang_check", sql`${t.reasonLang} in ('de', 'en')`),
  ],
);

export const booneeStories = pgTable(
  "boonee_stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    figureId: uuid("boonee_id")
      .notNull()
      .references(() => boonees.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    story: text("story").notNull(),
    findLocation: text("find_location"),
    findDate: date("find_date"),
    /** The language the finder wrote the story in (a story is never translated). */
    lang: text("lang").notNull().default("de"),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("boonee_stories_boonee_idx").on(t.figureId, t.createdAt.desc()),
    index("boonee_stories_user_idx").on(t.userId),
    // the keyset order of /api/v1/stories (server/domain/stories/public-stories.ts), read backwards
    index("boonee_stories_created_at_id_idx").on(t.createdAt, t.id),
    check("boonee_stories_lang_check", sql`${t.lang} in ('de', 'en')`),
  ],
);

// An item's audience decides who sees it (product decisions): everyone who owns any figure ("all",
// the spec's global content with boonee_id null), owners of a rarity, of a series, or of one figure.
export const exclusiveContent = pgTable(
  "exclusive_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    figureId: uuid("boonee_id").references(() => boonees.id, { onDelete: "cascade" }),
    audience: audienceEnum("audience").notNull().default("all"),
    audienceRarity: rarityEnum("audience_rarity"),
    audienceSeries: text("audience_series"),
    /** German title and message; the English ones null when the admin wrote none (docs/decisions/033). */
    title: text("title").notNull(),
    titleEn: text("title_en"),
    description: text("description"),
    descriptionEn: text("description_en"),
    contentType: contentTypeEnum("content_type").notNull().default("news"),
    url: text("url"),
    /** How many owners the broadcast reached when it was sent. */
    recipientCount: integer("recipient_count"),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Retracted: out of every exclusive area, still listed (as retracted) under "Sent". */
    retractedAt: timestamp("retracted_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The city whose owners it reached; null: every city's (decision 058; the previous release writes the first city). */
    cityId: integer("city_id")
      .default(FIRST_CITY_ID)
      .references(() => cities.id),
  },
  (t) => [
    index("exclusive_content_boonee_idx").on(t.figureId),
    index("exclusive_content_created_idx").on(t.createdAt.desc(), t.id),
    index("exclusive_content_audience_idx").on(t.audience, t.createdAt.desc()),
    // /uploads/exclusive/… finds its item (and so its audience) by URL (server/domain/media-access.ts)
    index("exclusive_content_url_idx")
      .on(t.url)
      .where(sql`${t.url} is not null`),
  ],
);

export const achievements = pgTable("achievements", {
  key: text("key").primaryKey(),
  icon: text("icon").notNull(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const userAchievements = pgTable(
  "user_achievements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    achievement: text("achievement")
      .notNull()
      .references(() => achievements.key, { onDelete: "cascade" }),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_achievements_once").on(t.userId, t.achievement)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** A broadcast's English title and message (null: none, the German one is shown). */
    titleEn: text("title_en"),
    messageEn: text("message_en"),
    type: notificationTypeEnum("type").notNull().default("other"),
    link: text("link"),
    read: boolean("read").notNull().default(false),
    /** The broadcast this notification announced: edited with it, unread ones retracted with it. */
    contentId: uuid("content_id").references(() => exclusiveContent.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_content_idx")
      .on(t.contentId)
      .where(sql`${t.contentId} is not null`),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.read} = false`),
  ],
);

// Fixed-window counters for throttling (claim attempts, sign-in). Kept in the database so that
// several app instances on one PostgreSQL count together. UNLOGGED (migration 0020, decision 027:
// drizzle-kit has no word for it): no WAL flush per attempt; empty again after a crash.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
    // the end of the window (database clock); the periodic clean-up deletes rows past it
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '10 minutes'`),
  },
  (t) => [index("rate_limits_expires_at_idx").on(t.expiresAt)],
);

// Secrets the app generates once and every instance shares (the session secret when DATABASE_URL
// is set and SESSION_SECRET is not). Created race-safe: INSERT … ON CONFLICT DO NOTHING, then SELECT.
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// Every admin and moderator action, written in the transaction of the action (never a secret code).
export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    objectType: text("object_type").notNull(),
    objectId: text("object_id"),
    /** A readable name of the object at the time (figure name, broadcast title, person's name). */
    objectLabel: text("object_label"),
    reason: text("reason"),
    /** The language the reason was written in (the actor's page language); null before it was kept. */
    reasonLang: text("reason_lang").$type<Lang>(),
    /** What the entry is about in detail, at the time (ActivityDetails in shared/activity.ts); null on old entries. */
    details: jsonb("details").$type<ActivityDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_created_idx").on(t.createdAt.desc(), t.id),
    index("activity_log_action_idx").on(t.action, t.createdAt.desc()),
    index("activity_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    check("activity_log_reason_lang_check", sql`${t.reasonLang} in ('de', 'en')`),
  ],
);

// Up to 3 photos of a finder story (re-encoded WebP, no EXIF), hidden and shown again like stories.
export const storyPhotos = pgTable(
  "story_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storyId: uuid("story_id")
      .notNull()
      .references(() => booneeStories.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  // the file route asks by URL whether a photo is hidden (server/domain/media-access.ts)
  (t) => [index("story_photos_story_idx").on(t.storyId, t.createdAt), index("story_photos_url_idx").on(t.url)],
);

// A signed-in user's report of someone else's finder photo (product decisions: "moderated like stories, reported by
// others"). One per person and photo, ever; hiding or showing the photo marks its open reports reviewed.
export const storyPhotoReports = pgTable(
  "story_photo_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => storyPhotos.id, { onDelete: "cascade" }),
    // A deleted account keeps its (anonymised) profile row, so its reports keep counting.
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("story_photo_reports_key").on(t.photoId, t.reporterId),
    index("story_photo_reports_open_idx")
      .on(t.photoId)
      .where(sql`${t.reviewedAt} is null`),
    index("story_photo_reports_reporter_idx").on(t.reporterId),
  ],
);

// A collector's report that a figure is missing or damaged (product decisions "A figure's life"). One
// open report per person and figure; an admin resolves all open reports of a figure at once.
export const figureReports = pgTable(
  "figure_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    figureId: uuid("boonee_id")
      .notNull()
      .references(() => boonees.id, { onDelete: "cascade" }),
    // A deleted account keeps its (anonymised) profile row, so its reports keep counting.
    reporterId: text("reporter_id").references(() => profiles.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["missing", "damaged"] }).notNull(),
    note: text("note"),
    /**
     * How the report weighs, judged when it is made or changed (server/domain/reports/report-figure.ts,
     * docs/decisions/042): "counted" towards the public note (an account older than a day with a find,
     * or staff), "new" (not counted: a new account or one without a find), "owner" (weighed apart:
     * never towards the note, straight to the team).
     */
    weight: text("weight", { enum: ["counted", "new", "owner"] })
      .notNull()
      .default("counted"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution", { enum: ["fixed", "gone"] }),
    resolvedBy: text("resolved_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("figure_reports_open_key")
      .on(t.figureId, t.reporterId)
      .where(sql`${t.resolvedAt} is null`),
    index("figure_reports_open_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.resolvedAt} is null`),
    index("figure_reports_reporter_idx").on(t.reporterId),
    check("figure_reports_kind_check", sql`${t.kind} in ('missing', 'damaged')`),
    check("figure_reports_resolution_check", sql`${t.resolution} in ('fixed', 'gone')`),
    check("figure_reports_weight_check", sql`${t.weight} in ('counted', 'new', 'owner')`),
  ],
);

export type FigureRow = typeof boonees.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type Rarity = (typeof rarityEnum.enumValues)[number];
export type FigureStatus = (typeof statusEnum.enumValues)[number];
export type Role = (typeof roleEnum.enumValues)[number];

// A drop: figures released to the public at one time (product decisions "Drops"). Until released_at is
// set nothing of it is public; the release sets it once (a conditional UPDATE), see server/domain/drops/release-drop.ts.
export const drops = pgTable(
  "drops",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    titleDe: text("title_de").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionDe: text("description_de").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    areaDe: text("area_de").notNull().default(""),
    areaEn: text("area_en").notNull().default(""),
    hintImageUrl: text("hint_image_url"),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The figures a cancelled drop had (they left drop_figures to be free for another drop), for the admin list and a duplicate. */
    cancelledFigureIds: uuid("cancelled_figure_ids").array(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cityId: cityId(),
  },
  (t) => [
    index("drops_city_idx").on(t.cityId),
    index("drops_due_idx")
      .on(t.releaseAt)
      .where(sql`${t.releasedAt} is null and ${t.cancelledAt} is null`),
    index("drops_released_idx")
      .on(t.releasedAt.desc())
      .where(sql`${t.releasedAt} is not null`),
  ],
);

// A figure belongs to at most one drop. Its status before it joined the drop is kept, so that
// cancelling the drop gives it back (while the drop waits, the figure is Hidden).
export const dropFigures = pgTable(
  "drop_figures",
  {
    dropId: uuid("drop_id")
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    figureId: uuid("boonee_id")
      .notNull()
      .references(() => boonees.id, { onDelete: "cascade" }),
    previousStatus: statusEnum("previous_status").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dropId, t.figureId] }), uniqueIndex("drop_figures_boonee_key").on(t.figureId)],
);

export const dropHints = pgTable(
  "drop_hints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dropId: uuid("drop_id")
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    textDe: text("text_de").notNull(),
    textEn: text("text_en").notNull(),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("drop_hints_drop_idx").on(t.dropId, t.releaseAt),
    index("drop_hints_due_idx")
      .on(t.releaseAt)
      .where(sql`${t.releasedAt} is null`),
  ],
);

export type Drop = typeof drops.$inferSelect;
export type DropHint = typeof dropHints.$inferSelect;

// Notification channels beyond the bell (push, e-mail): see docs/decisions/018.
export const notificationChannelEnum = pgEnum("notification_channel", ["push", "email"]);
export const emailOptInEnum = pgEnum("email_opt_in", ["off", "pending", "on"]);
export const deliveryStatusEnum = pgEnum("delivery_status", ["pending", "claimed", "sending", "sent", "failed"]);

/** One row per account that touched its channel settings: the e-mail opt-in and the language of its texts. */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  language: text("language").notNull().default("de"),
  email: emailOptInEnum("email").notNull().default("off"),
  /** sha256 of the token in the confirmation mail (double opt-in); null once confirmed. */
  emailConfirmHash: text("email_confirm_hash"),
  /** The capability in every mail's one-click unsubscribe link (no session needed). */
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A kind switched off for a channel (no row: on). In the app every kind is always on. */
export const notificationOptOuts = pgTable(
  "notification_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: notificationChannelEnum("channel").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** One browser (device) that turned push on. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    language: text("language").notNull().default("de"),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The outbox: one job per notification × channel (the idempotency key), written in the transaction
 * that wrote the notification. A worker claims jobs with FOR UPDATE SKIP LOCKED.
 */
export const deliveryJobs = pgTable(
  "delivery_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    channel: notificationChannelEnum("channel").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** Copied from the notification: chosen per device / mailbox language at send time. */
    titleEn: text("title_en"),
    messageEn: text("message_en"),
    link: text("link"),
    /** The broadcast this job announces, for the admin's sent/pending/failed counts. */
    contentId: uuid("content_id").references(() => exclusiveContent.id, { onDelete: "set null" }),
    /** The drop this job announces (its release or one of its hints), for the same counts per drop. */
    dropId: uuid("drop_id").references(() => drops.id, { onDelete: "set null" }),
    /** The announcement to everyone this job tells one collector of (no notification row: docs/decisions/024). */
    announcementId: uuid("announcement_id").references((): AnyPgColumn => announcements.id, { onDelete: "set null" }),
    status: deliveryStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("delivery_jobs_once").on(t.notificationId, t.channel),
    index("delivery_jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index("delivery_jobs_lease_idx")
      .on(t.leaseUntil)
      .where(sql`${t.status} in ('claimed', 'sending')`),
    index("delivery_jobs_content_idx")
      .on(t.contentId, t.status)
      .where(sql`${t.contentId} is not null`),
    index("delivery_jobs_drop_idx")
      .on(t.dropId, t.status)
      .where(sql`${t.dropId} is not null`),
    uniqueIndex("delivery_jobs_announcement_once")
      .on(t.announcementId, t.userId, t.channel)
      .where(sql`${t.announcementId} is not null`),
  ],
);

/**
 * A collector's passkeys (WebAuthn credentials, docs/decisions/020): the public key and the
 * authenticator's signature counter; the credential id is what the browser names on sign-in.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

// Announcements to everyone (a drop released, a hint out): one row per announcement, read per account
// by fan-out on read, delivered by push / e-mail by a batched background fan-out (docs/decisions/024).
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The notification kind for channel preferences: dropReleased or newHint. */
    kind: text("kind").notNull(),
    /** Stored as system text ("@dropReleased:{…}"), rendered in each reader's language. */
    title: text("title").notNull(),
    message: text("message").notNull(),
    link: text("link"),
    dropId: uuid("drop_id").references(() => drops.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("announcements_created_idx").on(t.createdAt.desc())],
);

/** "Mark all read" of one account: every announcement created up to read_until is read. */
export const announcementWatermarks = pgTable("announcement_watermarks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  readUntil: timestamp("read_until", { withTimezone: true }).notNull(),
});

/** One announcement marked read on its own (only those newer than the account's watermark). */
export const announcementReads = pgTable(
  "announcement_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/**
 * One job per announcement: the delivery worker queues its push / e-mail jobs in batches of profiles
 * by id; cursor is the last profile id done, done_at set once the walk passed the last profile.
 */
export const fanoutJobs = pgTable(
  "fanout_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    cursor: text("cursor"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("fanout_jobs_open_idx")
      .on(t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

export type Announcement = typeof announcements.$inferSelect;

/**
 * The weeks (Monday, TIME_ZONE calendar) in which a collector opened the app signed in: one row per
 * account and week, written at most once a day per instance (server/domain/accounts/record-app-open.ts), for
 * the dashboard's active collectors per week.
 */
export const activeWeeks = pgTable(
  "active_weeks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    week: date("week").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] }), index("active_weeks_week_idx").on(t.week)],
);

/**
 * An operator's webhook endpoint (docs/decisions/051): an https URL that gets the events it names,
 * signed with its secret (Standard Webhooks, `whsec_<base64>`; kept to sign, shown once).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events").array().notNull(),
  secret: text("secret").notNull(),
  /** The secret before the latest rotation: deliveries are signed with both until previousSecretUntil. */
  previousSecret: text("previous_secret"),
  previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
  createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
});

/** One thing that happened, as sent: its body is signed as stored, so a replay sends the same bytes. */
export const webhookEvents = pgTable("webhook_events", {
  id: uuid("id").primaryKey().defaultRandom(),
  type: text("type").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/** The outbox of webhooks: one row per event × endpoint (the unique key: never queued twice). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: deliveryStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    responseStatus: integer("response_status"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_once").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due_idx")
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/** A collector's personal read token (docs/decisions/051): only its SHA-256 is kept. */
export const personalTokens = pgTable(
  "personal_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("personal_tokens_user_idx").on(t.userId)],
);

/**
 * The cities a collector follows: drop announcements (bell, push, e-mail) reach only followers of the
 * drop's city (docs/decisions/053). Migration 0034 filled it: each finder follows the city of their
 * first find, everyone else the first city.
 */
export const cityFollows = pgTable(
  "city_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cityId] }), index("city_follows_city_idx").on(t.cityId)],
);

/**
 * The cities a staff member works for (docs/decisions/058). An admin without rows is global, with rows
 * for those cities only; a moderator is for the cities of his rows (none: no city). Migration 0035 gave
 * every existing moderator every existing city.
 */
export const cityStaff = pgTable(
  "city_staff",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    cityId: integer("city_id")
      .notNull()
      // not cascading: a city admin whose last city went would be a global admin
      .references(() => cities.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cityId] }), index("city_staff_city_idx").on(t.cityId)],
);

export type City = typeof cities.$inferSelect;
