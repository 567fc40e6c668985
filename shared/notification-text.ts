import { inLanguage, type InLanguage } from "./content-language.ts";
import type { Lang } from "./i18n-config.ts";
import { SYSTEM_TEXT_FORMAT, SYSTEM_TEXTS, type SystemKind } from "./notification-kinds.ts";
import { loose, type AnyTranslate } from "./translate.ts";

export type { SystemKind } from "./notification-kinds.ts";

/**
 * System notifications (achievements, reviewed claims, deleted figures, drops) are stored as "@kind:arg"
 * so each reader sees them in their own language; texts written by admins (broadcasts) are stored and
 * shown as written. Which texts exist and how each is rendered is in the `texts` of the rows of
 * NOTIFICATION_KIND_TABLE (shared/notification-kinds.ts).
 */
export const systemText = (kind: SystemKind, arg = "") => `@${kind}:${arg}`;

export function decodeSystemText(text: string): { kind: SystemKind; arg: string } | null {
  const m = SYSTEM_TEXT_FORMAT.exec(text);
  return m && SYSTEM_TEXTS.has(m[1]) ? { kind: m[1] as SystemKind, arg: m[2] } : null;
}

/** Renders a stored notification text with the reader's translations (keys under "notify."). */
export function renderNotificationText(text: string, anyT: AnyTranslate): string {
  const t = loose(anyT);
  const decoded = decodeSystemText(text);
  if (!decoded) return text;
  const { key, arg } = SYSTEM_TEXTS.get(decoded.kind)!.text;
  switch (arg) {
    case "none":
      return t(key);
    case "name":
      return t(key, { name: decoded.arg });
    case "reason":
      return t(key, { reason: decoded.arg });
    case "count":
      return t(key, { count: Number(decoded.arg) || 0 });
    case "achievement":
      return t(key, { name: t(`achievements.${decoded.arg}.name`) });
    case "bilingualTitle":
      return t(key, { title: bilingual(decoded.arg, t) });
    case "figure":
      return t(key, { name: figureLabel(decoded.arg, t) });
  }
}

/** A figure reference (server/domain/reports/figure-report-ref.ts) as its system text's argument. */
export const figureArg = (ref: {
  name: string;
  number: number | null;
  place: string | null;
  drop: { de: string; en: string } | null;
}) => JSON.stringify({ name: ref.name, number: ref.number, place: ref.place, drop: ref.drop });

/**
 * Which figure, in the reader's language: "Knäul Nr. 3 (Versteck: Parkbank · Drop „Hafen“)". A text
 * stored before references existed holds the bare name and is shown as it is.
 */
export function figureLabel(arg: string, anyT: AnyTranslate): string {
  const t = loose(anyT);
  let ref: { name?: unknown; number?: unknown; place?: unknown; drop?: { de?: unknown; en?: unknown } | null };
  try {
    ref = JSON.parse(arg);
  } catch {
    return arg;
  }
  if (!ref || typeof ref !== "object" || typeof ref.name !== "string") return arg;
  const name =
    typeof ref.number === "number" ? t("notify.figureNumber", { name: ref.name, number: ref.number }) : ref.name;
  const drop = ref.drop ? (t("notify.lang") === "en" ? ref.drop.en : ref.drop.de) : null;
  const parts = [
    typeof ref.place === "string" && ref.place ? t("notify.figurePlace", { place: ref.place }) : null,
    typeof drop === "string" && drop ? t("notify.figureDrop", { drop }) : null,
  ].filter(Boolean);
  return parts.length ? `${name} (${parts.join(" · ")})` : name;
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

/**
 * A stored notification text and its English version (broadcasts) as a reader of `lang` sees it,
 * rendered: a system text always in the reader's language, an admin's text in theirs when written,
 * else in German (and saying so).
 */
export function renderNotificationIn(
  de: string,
  en: string | null | undefined,
  lang: Lang,
  t: AnyTranslate,
): InLanguage {
  const chosen = decodeSystemText(de) ? { text: de, lang } : (inLanguage(de, en, lang) ?? { text: de, lang });
  return { text: renderNotificationText(chosen.text, t), lang: chosen.lang };
}
