import type { Lang } from "#shared/i18n-config.ts";

import type { Viewer } from "./auth/viewer.ts";
import { countUnread } from "./realtime/hub.ts";
import type { Services } from "./services.ts";

/** What the root loader sends to every page (app/root.tsx); pages read it with useRouteLoaderData("root"). */
export async function loadRootData(
  services: Services,
  viewer: Viewer | null,
  lang: Lang,
  flash: { kind: "success" | "error"; key: string } | null,
) {
  const unread = viewer ? await countUnread(services.database, viewer.id) : 0;
  return {
    lang,
    viewer: viewer && { id: viewer.id, name: viewer.name, role: viewer.role },
    unread,
    settings: services.settings,
    flash,
  };
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>;
