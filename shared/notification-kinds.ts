import { canOpenAdmin, type Role } from "./roles.ts";

/** Where a notification can reach its reader: the bell in the app (always on), push, e-mail. */
export const CHANNELS = ["bell", "push", "email"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels a collector can switch; the bell in the app is always on. */
export const OPTIONAL_CHANNELS = ["push", "email"] as const;
export type OptionalChannel = (typeof OPTIONAL_CHANNELS)[number];

/**
 * How a system text's argument (the part after "@id:") fills its translation: `name`, `reason` and
 * `count` are passed as that parameter, `achievement` is an achievement's key (its translated name
 * becomes `name`), `bilingualTitle` is a drop title stored as JSON {"de","en"} (the reader's language
 * becomes `title`), `figure` is a figure reference stored as JSON {name, number, place, drop} (server/domain/
 * figure-report-ref.ts; rendered as `name`: "Knäul Nr. 3 (Versteck: … · Drop „…“)"), `none` takes no parameter.
 */
export type TextArg = "none" | "name" | "reason" | "count" | "achievement" | "bilingualTitle" | "figure";

/** One system text: stored as "@id:arg" (title) and "@idMessage:arg" (message), each a key under notify. */
interface SystemTextRow {
  title: { key: `notify.${string}`; arg: TextArg };
  message: { key: `notify.${string}`; arg: TextArg };
}

interface KindRow {
  /** Who gets it (the writer decides; recorded here for the reader of this table). */
  audience: "everyone" | "broadcastAudience" | "collector" | "claimant" | "owner" | "account" | "staff" | "reporter";
  /** The channels it may use. With push or e-mail it is a row of the preferences form (label `channels.kinds.<kind>`). */
  channels: readonly Channel[];
  /**
   * The preference before the collector saves one. Only "on": no row in notification_opt_outs
   * means on; an "off" default would need opt-in rows (a migration).
   */
  preference: "on";
  /** The system texts written for it (texts written by admins, like broadcasts, are stored as written). */
  texts: Record<string, SystemTextRow>;
}

/**
 * Every kind of notification (docs/recipes.md, "Add a notification kind"). One row drives the
 * preferences form, its schema and what is saved (kinds with push or e-mail), which channels a job
 * is queued for, the kind of a stored notification (`kindOfNotification`) and how its system texts
 * are rendered (shared/notification-text.ts). The order is the preferences form's.
 */
export const NOTIFICATION_KIND_TABLE = {
  dropReleased: {
    audience: "everyone",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      dropReleased: {
        title: { key: "notify.dropReleasedTitle", arg: "bilingualTitle" },
        message: { key: "notify.dropReleasedMessage", arg: "bilingualTitle" },
      },
    },
  },
  newHint: {
    audience: "everyone",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      dropHint: {
        title: { key: "notify.dropHintTitle", arg: "bilingualTitle" },
        message: { key: "notify.dropHintMessage", arg: "bilingualTitle" },
      },
    },
  },
  content: {
    audience: "broadcastAudience",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {},
  },
  achievements: {
    audience: "collector",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      achievement: {
        title: { key: "notify.achievementTitle", arg: "achievement" },
        message: { key: "notify.achievementMessage", arg: "achievement" },
      },
      achievementWithdrawnRejected: {
        title: { key: "notify.achievementWithdrawnTitle", arg: "achievement" },
        message: { key: "notify.achievementWithdrawnRejectedMessage", arg: "achievement" },
      },
      achievementWithdrawnDeleted: {
        title: { key: "notify.achievementWithdrawnTitle", arg: "achievement" },
        message: { key: "notify.achievementWithdrawnDeletedMessage", arg: "achievement" },
      },
    },
  },
  claimReviewed: {
    audience: "claimant",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      claimVerified: {
        title: { key: "notify.claimVerifiedTitle", arg: "name" },
        message: { key: "notify.claimVerifiedMessage", arg: "name" },
      },
      claimRejected: {
        title: { key: "notify.claimRejectedTitle", arg: "name" },
        message: { key: "notify.claimRejectedMessage", arg: "reason" },
      },
    },
  },
  figureReported: {
    audience: "staff",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      figureReported: {
        title: { key: "notify.figureReportedTitle", arg: "figure" },
        message: { key: "notify.figureReportedMessage", arg: "figure" },
      },
      ownerReported: {
        title: { key: "notify.ownerReportedTitle", arg: "figure" },
        message: { key: "notify.ownerReportedMessage", arg: "figure" },
      },
    },
  },
  guessingAlert: {
    audience: "staff",
    channels: ["bell"],
    preference: "on",
    texts: {
      guessingAlert: {
        title: { key: "notify.guessingAlertTitle", arg: "none" },
        message: { key: "notify.guessingAlertMessage", arg: "count" },
      },
    },
  },
  reportResolved: {
    audience: "reporter",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      reportFixed: {
        title: { key: "notify.reportFixedTitle", arg: "figure" },
        message: { key: "notify.reportFixedMessage", arg: "figure" },
      },
      reportGone: {
        title: { key: "notify.reportGoneTitle", arg: "figure" },
        message: { key: "notify.reportGoneMessage", arg: "reason" },
      },
    },
  },
  storyHidden: {
    audience: "collector",
    channels: ["bell", "push", "email"],
    preference: "on",
    texts: {
      storyHidden: {
        title: { key: "notify.storyHiddenTitle", arg: "name" },
        message: { key: "notify.storyHiddenMessage", arg: "reason" },
      },
    },
  },
  figureDeleted: {
    audience: "owner",
    channels: ["bell"],
    preference: "on",
    texts: {
      figureDeleted: {
        title: { key: "notify.figureDeletedTitle", arg: "name" },
        message: { key: "notify.figureDeletedMessage", arg: "name" },
      },
    },
  },
  credentialsRemoved: {
    audience: "account",
    channels: ["bell"],
    preference: "on",
    texts: {
      credentialsRemoved: {
        title: { key: "notify.credentialsRemovedTitle", arg: "none" },
        message: { key: "notify.credentialsRemovedMessage", arg: "count" },
      },
    },
  },
} as const satisfies Record<string, KindRow>;

type Table = typeof NOTIFICATION_KIND_TABLE;
export type AnyKind = keyof Table;

/** The kinds a collector can switch per channel: those that may use push or e-mail. */
export type NotificationKind = {
  [K in AnyKind]: [Extract<Table[K]["channels"][number], OptionalChannel>] extends [never] ? never : K;
}[AnyKind];

/** May this kind use this channel? */
export const mayUse = (kind: AnyKind, channel: Channel): boolean =>
  (NOTIFICATION_KIND_TABLE[kind].channels as readonly Channel[]).includes(channel);

const isSwitchable = (kind: AnyKind): kind is NotificationKind => OPTIONAL_CHANNELS.some((c) => mayUse(kind, c));

/** What a collector can be told about beyond the bell; preferences are kept per kind and channel. */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = (
  Object.keys(NOTIFICATION_KIND_TABLE) as AnyKind[]
).filter(isSwitchable);

/**
 * The preference rows a person has: kinds meant for the team (audience "staff", e.g. reports on figures)
 * only for moderators and admins; a collector is never sent them, so a row would switch nothing.
 */
export const preferenceKindsFor = (role: Role): readonly NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_KIND_TABLE[kind].audience !== "staff" || canOpenAdmin(role));

/** Every "kind.channel" a delivery job may be queued for. */
export const DELIVERABLE: readonly string[] = NOTIFICATION_KINDS.flatMap((kind) =>
  OPTIONAL_CHANNELS.filter((c) => mayUse(kind, c)).map((c) => `${kind}.${c}`),
);

/** The ids of the system texts: a title "id" and its message "idMessage" for every entry of a row's `texts`. */
type TextId = { [K in AnyKind]: keyof Table[K]["texts"] & string }[AnyKind];
export type SystemKind = TextId | `${TextId}Message`;

/** A system text as stored: "@id:arg" (shared/notification-text.ts writes and renders them). */
export const SYSTEM_TEXT_FORMAT = /^@(\w+):(.*)$/s;

/** The id of every system text (title "id", message "idMessage"), with its row and its kind. */
export const SYSTEM_TEXTS = new Map<string, { kind: AnyKind; text: SystemTextRow["title"] }>(
  (Object.keys(NOTIFICATION_KIND_TABLE) as AnyKind[]).flatMap((kind) =>
    Object.entries(NOTIFICATION_KIND_TABLE[kind].texts as Record<string, SystemTextRow>).flatMap(([id, row]) => [
      [id, { kind, text: row.title }] as const,
      [`${id}Message`, { kind, text: row.message }] as const,
    ]),
  ),
);

/**
 * The kind of a stored notification when its writer did not name one: broadcasts are content for
 * the reader's figures, achievements are achievements, otherwise the kind whose system text it is.
 * Null for a kind that only uses the bell.
 */
export function kindOfNotification(n: {
  type: string;
  title: string;
  contentId?: string | null;
}): NotificationKind | null {
  if (n.contentId) return "content";
  if (n.type === "achievement") return "achievements";
  const id = SYSTEM_TEXT_FORMAT.exec(n.title)?.[1];
  const kind = id === undefined ? undefined : SYSTEM_TEXTS.get(id)?.kind;
  return kind && isSwitchable(kind) ? kind : null;
}

/** The checkbox of one kind on one channel in the preferences form (shared/schemas/channels.ts reads it). */
export const preferenceField = (kind: NotificationKind, channel: OptionalChannel) => `${channel}.${kind}`;
