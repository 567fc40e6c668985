import baloo from "@fontsource-variable/baloo-2/files/baloo-2-latin-wght-normal.woff2?url";
import nunito from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";

/**
 * Preloads the two Latin font files app.css uses, so they arrive with the stylesheet instead of after
 * the first layout: text does not jump when they swap in (layout shift), and they are ready sooner.
 */
export const fontPreloads = () => [
  { rel: "preload", as: "font", type: "font/woff2", href: nunito, crossOrigin: "anonymous" as const },
  { rel: "preload", as: "font", type: "font/woff2", href: baloo, crossOrigin: "anonymous" as const },
];
