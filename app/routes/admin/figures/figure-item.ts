import type { Route } from "../+types/figures";

/** One figure of the list as the page's loader gives it (with its type's instance count). */
export type FigureItem = Route.ComponentProps["loaderData"]["items"][number];
