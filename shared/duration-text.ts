import { loose, type AnyTranslate } from "./translate.ts";

/** "95 minutes", "5 hours", "3 days": how long something took, in the unit that reads best (keys life.after.*). */
export function durationText(minutes: number, anyT: AnyTranslate): string {
  const t = loose(anyT);
  if (minutes < 120) return t("life.after.minutes", { count: minutes });
  if (minutes < 48 * 60) return t("life.after.hours", { count: Math.round(minutes / 60) });
  return t("life.after.days", { count: Math.round(minutes / (24 * 60)) });
}
