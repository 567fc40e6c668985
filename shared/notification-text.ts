/**
 * System notifications (achievements, reviewed claims, deleted figures) are stored as "@kind:arg" so each reader sees
 * them in their own language; texts written by admins (broadcasts) are stored and shown as written.
 */
export type SystemKind =
  | "achievement"
  | "achievementMessage"
  | "claimVerified"
  | "claimVerifiedMessage"
  | "claimRejected"
  | "claimRejectedMessage"
  | "figureDeleted"
  | "figureDeletedMessage"
  | "dropReleased"
  | "dropReleasedMessage"
  | "dropHint"
  | "dropHintMessage"
  | "credentialsRemoved"
  | "credentialsRemovedMessage";

export const systemText = (kind: SystemKind, arg = "") => `@${kind}:${arg}`;

export function decodeSystemText(text: string): { kind: SystemKind; arg: string } | null {
  const m = /^@(achievement|achievementMessage|claimVerified|claimVerifiedMessage|claimRejected|claimRejectedMessage|figureDeleted|figureDeletedMessage|dropReleased|dropReleasedMessage|dropHint|dropHintMessage|credentialsRemoved|credentialsRemovedMessage):(.*)$/s.exec(text);
  return m ? { kind: m[1] as SystemKind, arg: m[2] } : null;
}

/** Renders a stored notification text with the reader's translations (keys under "notify."). */
export function renderNotificationText(text: string, t: (key: string, params?: Record<string, unknown>) => string): string {
  const decoded = decodeSystemText(text);
  if (!decoded) return text;
  switch (decoded.kind) {
    case "achievement":
      return t("notify.achievementTitle", { name: t(`achievements.${decoded.arg}.name`) });
    case "achievementMessage":
      return t("notify.achievementMessage", { name: t(`achievements.${decoded.arg}.name`) });
    case "claimVerified":
      return t("notify.claimVerifiedTitle", { name: decoded.arg });
    case "claimVerifiedMessage":
      return t("notify.claimVerifiedMessage", { name: decoded.arg });
    case "claimRejected":
      return t("notify.claimRejectedTitle", { name: decoded.arg });
    case "claimRejectedMessage":
      return t("notify.claimRejectedMessage", { reason: decoded.arg });
    case "figureDeleted":
      return t("notify.figureDeletedTitle", { name: decoded.arg });
    case "figureDeletedMessage":
      return t("notify.figureDeletedMessage", { name: decoded.arg });
    case "dropReleased":
      return t("notify.dropReleasedTitle", { title: bilingual(decoded.arg, t) });
    case "dropReleasedMessage":
      return t("notify.dropReleasedMessage", { title: bilingual(decoded.arg, t) });
    case "dropHintMessage":
      return t("notify.dropHintMessage", { title: bilingual(decoded.arg, t) });
    case "dropHint":
      return t("notify.dropHintTitle", { title: bilingual(decoded.arg, t) });
    case "credentialsRemoved":
      return t("notify.credentialsRemovedTitle");
    case "credentialsRemovedMessage":
      return t("notify.credentialsRemovedMessage", { count: Number(decoded.arg) || 0 });
  }
}

/** A drop's title in both languages, stored as JSON {"de","en"}; shown in the reader's (notify.lang). */
export const bilingualArg = (de: string, en: string) => JSON.stringify({ de, en });

function bilingual(arg: string, t: (key: string) => string): string {
  try {
    const texts = JSON.parse(arg) as { de?: string; en?: string };
    return (t("notify.lang") === "en" ? texts.en : texts.de) ?? "";
  } catch {
    return arg;
  }
}
