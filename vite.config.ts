import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { brotliAssets } from "./scripts/vite-brotli-assets.ts";
import { inlineScripts } from "./scripts/vite-inline-scripts.ts";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // the inline script of pages that start the app late, minified (app/components/deferred-scripts.tsx)
    inlineScripts({ startOnDemand: "app/lib/start-on-demand.ts", keepFormsOffline: "app/lib/keep-forms-offline.ts" }),
    brotliAssets(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // SOURCEMAP=1 for scripts/route-chunks.mjs --modules (which module fills a chunk); never shipped
  build: { sourcemap: process.env.SOURCEMAP === "1" },
});
