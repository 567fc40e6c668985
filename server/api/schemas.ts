import { z } from "zod";

import { ELEMENTS, RARITIES } from "#shared/figure-fields.ts";
import { NOT_PUBLIC_STATUSES } from "#shared/figure-status.ts";
import { STATUSES } from "#shared/schemas/admin.ts";

/**
 * The answers of the public read API (decision 050), one schema each. Every answer is parsed by its
 * schema before it is sent (a field the schema does not name is dropped, so a new column never leaks),
 * the OpenAPI document (server/api/openapi.ts) is generated from them, and the contract test checks
 * every endpoint's answers against both.
 */

const Id = z.uuid().describe("A stable identifier.");
const Time = z.iso.datetime().describe("An instant, UTC, ISO 8601.");
const Link = z.url().describe("An absolute URL.");
const Day = z.iso.date().describe("A calendar day, YYYY-MM-DD.");
const PersonName = z
  .string()
  .nullable()
  .describe(
    "The name a person shows under; null means 'Anonymous' (no name given, the person chose not to be named, or the account left or was blocked).",
  );

export const BilingualSchema = z.object({ de: z.string(), en: z.string() }).describe("A text in German and English.");
const BilingualOptional = z
  .object({ de: z.string().nullable(), en: z.string().nullable() })
  .describe("A text in German and English; null where none was written.");
const Rarity = z.enum(RARITIES);
const PUBLIC_STATUSES = STATUSES.filter((s) => !(NOT_PUBLIC_STATUSES as readonly string[]).includes(s));
const PublicStatus = z.enum(PUBLIC_STATUSES as [string, ...string[]]);
const ReportedIssue = z
  .enum(["missing", "damaged"])
  .nullable()
  .describe("The public note of two open reports: maybe missing or damaged; null without one.");
const NextCursor = z.string().nullable().describe("Pass as ?cursor= for the next page; null on the last page.");

export const CitySchema = z.object({
  slug: z.string().describe("Pass as ?city= to the lists, leaderboards, statistics and /drops.ics."),
  name: BilingualSchema,
  timeZone: z.string().describe("The IANA time zone its drops are scheduled and shown in."),
  country: z.string().describe("ISO 3166-1 alpha-2."),
  active: z.boolean().describe("false: coming soon."),
  area: BilingualSchema.describe("Where in the city the hunt is played."),
  pageUrl: Link.describe("The city's page on the site."),
  calendarUrl: Link.describe("The city's drops as an iCalendar feed."),
});

export const CityListSchema = z.object({
  items: z.array(CitySchema).describe("Every city, active ones first, then by German name."),
});

export const GalleryCardSchema = z.object({
  id: Id,
  name: z.string(),
  imageUrl: Link.nullable(),
  rarity: Rarity,
  series: z.string().nullable(),
  totalInstances: z.int().min(0),
  claimedCount: z.int().min(0),
  url: Link.describe("This figure in the API."),
  pageUrl: Link.describe("This figure's page on the site."),
});

export const GalleryPageSchema = z.object({ items: z.array(GalleryCardSchema), nextCursor: NextCursor });

const StorySchema = z.object({
  id: Id,
  title: z.string(),
  story: z.string(),
  lang: z.string().describe("The language the finder wrote in (stories are not translated)."),
  findLocation: z.string().nullable(),
  findDate: Day.nullable(),
  createdAt: Time,
  photos: z.array(z.object({ id: Id, url: Link })),
});

const LifeEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dropped"), at: Time, dropId: Id, title: BilingualSchema }),
  z.object({
    kind: z.literal("found"),
    at: Time,
    finder: PersonName,
    afterMinutes: z.int().min(0).nullable().describe("Minutes from the drop's release (or the placing) to the find."),
  }),
  z.object({ kind: z.literal("verified"), at: Time }),
  z.object({ kind: z.literal("story"), at: Time, title: z.string(), photos: z.array(Link) }),
  z.object({ kind: z.literal("marked"), at: Time, issue: z.enum(["missing", "damaged"]) }),
  z.object({ kind: z.literal("resolved"), at: Time, outcome: z.enum(["fixed", "gone"]), reports: z.int().min(0) }),
]);

export const FigureSchema = z.object({
  id: Id,
  name: z.string(),
  rarity: Rarity,
  status: PublicStatus,
  series: z.string().nullable(),
  element: z.enum(ELEMENTS).nullable(),
  birthDate: Day.nullable(),
  imageUrl: Link.nullable(),
  description: BilingualOptional,
  origin: BilingualOptional,
  passion: BilingualOptional,
  superpower: BilingualOptional,
  personality: BilingualOptional,
  availability: z.enum(["claimed", "available", "noLongerClaimable"]),
  ownerName: PersonName.describe("The finder who owns it; null when unclaimed or 'Anonymous'."),
  reportedIssue: ReportedIssue,
  life: z.array(LifeEventSchema).describe("The figure's biography, oldest first."),
  stories: z.array(StorySchema).describe("The visible finder stories, newest first (at most 100)."),
  pageUrl: Link,
});

export const DropSummarySchema = z.object({
  id: Id,
  title: BilingualSchema,
  area: BilingualSchema,
  releasedAt: Time,
  total: z.int().min(0),
  found: z.int().min(0),
  stillHidden: z.int().min(0).describe("Neither found nor archived."),
  url: Link,
  pageUrl: Link,
});

export const DropListSchema = z.object({
  items: z.array(DropSummarySchema).describe("Released drops, newest first (at most 100)."),
  next: z
    .object({ releaseAt: Time })
    .nullable()
    .describe("The next drop's release time, when the drops page shows it (nothing else of a waiting drop is public)."),
  calendarUrl: Link.describe("The drops as an iCalendar feed."),
});

export const DropSchema = DropSummarySchema.extend({
  description: BilingualSchema,
  hintImageUrl: Link.nullable(),
  hints: z.array(z.object({ id: Id, text: BilingualSchema, releasedAt: Time })),
  figures: z.array(
    z.object({
      id: Id,
      name: z.string(),
      imageUrl: Link.nullable(),
      rarity: Rarity,
      found: z.object({ afterMinutes: z.int().min(0), finder: PersonName }).nullable(),
      withdrawn: z.boolean().describe("Its code was replaced after a rejected claim."),
      archived: z.boolean().describe("No longer out there, never found."),
      reportedIssue: ReportedIssue,
    }),
  ),
});

export const FindSchema = z.object({
  figureId: Id,
  figureName: z.string(),
  rarity: Rarity,
  foundAt: Time,
  afterMinutes: z.int().min(0).nullable().describe("Minutes from the drop's release (or the placing) to the find."),
  finder: PersonName,
  dropId: Id.nullable(),
  url: Link,
});

export const FindsPageSchema = z.object({ items: z.array(FindSchema), nextCursor: NextCursor });

export const StoriesPageSchema = z.object({
  items: z.array(
    StorySchema.extend({ figureId: Id, figureName: z.string(), figureUrl: Link.describe("The figure in the API.") }),
  ),
  nextCursor: NextCursor,
});

const LeaderboardRowSchema = z.object({ rank: z.int().min(1), name: PersonName, count: z.int().min(1) });
export const LeaderboardsSchema = z.object({
  collectors: z.array(LeaderboardRowSchema).describe("Top 10 by figures owned."),
  legends: z.array(LeaderboardRowSchema).describe("Top 10 by Legendary figures owned."),
});

export const StatsSchema = z.object({
  totalFigures: z.int().min(0),
  totalCollectors: z.int().min(0),
  totalClaims: z.int().min(0),
  unclaimed: z.int().min(0),
  rarity: z.object({ Common: z.int().min(0), Rare: z.int().min(0), Legendary: z.int().min(0) }),
  series: z.int().min(0),
});

export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
});

/** GET /api/v1/me/finds (a personal token, decision 051): the token owner's figures, newest find first. */
export const MyFindsSchema = z.object({
  finds: z.array(
    z.object({
      id: Id,
      name: z.string(),
      rarity: Rarity,
      series: z.string().nullable(),
      status: z.enum(STATUSES as unknown as [string, ...string[]]),
      claimedAt: Time.nullable(),
      url: z.string().describe("The figure's page, relative to the site."),
    }),
  ),
});

/** GET /api/v1/me/notifications (a personal token, decision 051): the newest notifications, in the asked language. */
export const MyNotificationsSchema = z.object({
  notifications: z.array(
    z.object({
      id: z
        .string()
        .describe("Stable; a person's own notice has a UUID, an announcement to everyone an id of its own form."),
      type: z.string(),
      title: z.string(),
      message: z.string(),
      link: z.string().nullable().describe("A path on the site, or null."),
      read: z.boolean(),
      createdAt: Time,
    }),
  ),
});

/** Every schema by the name the OpenAPI document gives it. */
export const API_SCHEMAS = {
  CityList: CityListSchema,
  GalleryPage: GalleryPageSchema,
  Figure: FigureSchema,
  DropList: DropListSchema,
  Drop: DropSchema,
  FindsPage: FindsPageSchema,
  StoriesPage: StoriesPageSchema,
  Leaderboards: LeaderboardsSchema,
  Stats: StatsSchema,
  MyFinds: MyFindsSchema,
  MyNotifications: MyNotificationsSchema,
  Problem: ProblemSchema,
} as const;
export type ApiSchemaName = keyof typeof API_SCHEMAS;
export type ApiAnswer<N extends ApiSchemaName> = z.output<(typeof API_SCHEMAS)[N]>;
