/** The achievements, defined in code (product decisions). Names and hints live in the locales. */
export const ACHIEVEMENTS = [
  { key: "first_find", icon: "🥚", name: "First Find" },
  { key: "collector", icon: "🧺", name: "Collector" },
  { key: "hoarder", icon: "🐉", name: "Hoarder" },
  { key: "rare_hunter", icon: "💎", name: "Rare Hunter" },
  { key: "legend_hunter", icon: "👑", name: "Legend Hunter" },
  { key: "storyteller", icon: "📜", name: "Storyteller" },
  { key: "series_complete", icon: "🧩", name: "Series Complete" },
] as const;

export type AchievementKey = (typeof ACHIEVEMENTS)[number]["key"];
