/** What a city needs before it can go active (decision 053), in the order its admin page lists them. */
export const CHECKLIST_ITEMS = ["timeZone", "figures", "labels", "legal"] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
