import { boonees } from "./schema.ts";

/** A figure as a card shows it: name, picture, rarity, series (never its code or its owner). */
export const figureCardColumns = {
  id: boonees.id,
  name: boonees.name,
  imageUrl: boonees.imageUrl,
  rarity: boonees.rarity,
  series: boonees.series,
};

/** The figure's own fields as its page and the admin list show them (no tag, no code, no owner). */
export const figureColumns = {
  ...figureCardColumns,
  description: boonees.description,
  status: boonees.status,
  welcomeVideoUrl: boonees.welcomeVideoUrl,
  origin: boonees.origin,
  passion: boonees.passion,
  superpower: boonees.superpower,
  personality: boonees.personality,
  element: boonees.element,
  birthDate: boonees.birthDate,
};
