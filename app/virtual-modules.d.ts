/** Built by the plugin in scripts/vite-inline-scripts.ts: each file's default function, minified, as source text. */
declare module "virtual:inline-scripts" {
  /** app/lib/start-on-demand.ts: `(${startOnDemand})(holderId, afterLoad)` */
  export const startOnDemand: string;
  /** app/lib/keep-forms-offline.ts: `(${keepFormsOffline})(window)` */
  export const keepFormsOffline: string;
}
