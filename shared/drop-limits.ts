/** A drop's and a hint's limits, read by the admin's forms in the browser too (no zod, decision 056). */
export const DROP_TITLE_MAX = 120;
export const DROP_TEXT_MAX = 2000;
export const DROP_AREA_MAX = 200;
export const HINT_TEXT_MAX = 500;
export const DROP_FIGURES_MAX = 50;
