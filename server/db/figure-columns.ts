import { FIGURE_FIELDS, type FigureField } from "#shared/figure-fields.ts";

import { boonees } from "./schema.ts";

/** A figure as a card shows it: name, picture, rarity, series (never its code or its owner). */
export const figureCardColumns = {
  id: boonees.id,
  name: boonees.name,
  imageUrl: boonees.imageUrl,
  rarity: boonees.rarity,
  series: boonees.series,
};

type Columns<F extends FigureField> = { [K in F["key"]]: (typeof boonees)[K] };
const columnsOf = <F extends FigureField>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f.key, boonees[f.key]])) as Columns<F>;

type OpenField = Extract<FigureField, { secret: false }>;
type SecretField = Extract<FigureField, { secret: true }>;

/**
 * The figure's own fields as its page and the admin list show them (no tag, no code, no owner): the
 * rows of shared/figure-fields.ts that are not secret, its status and welcome video.
 */
export const figureColumns = {
  ...figureCardColumns,
  ...columnsOf(FIGURE_FIELDS.filter((f): f is OpenField => !f.secret)),
  welcomeVideoUrl: boonees.welcomeVideoUrl,
};

/** The secret rows of shared/figure-fields.ts: for admin queries only, never a public one. */
export const secretFigureColumns = columnsOf(FIGURE_FIELDS.filter((f): f is SecretField => f.secret));
