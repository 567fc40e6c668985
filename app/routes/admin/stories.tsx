import { pageParam } from "#shared/schemas/admin.ts";
import { listStories } from "#server/domain/stories/list-stories.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { FetcherToast } from "~/components/fetcher-toast";
import { actorOf, getServices, requirePage } from "~/guards.server";
import { intentAction } from "~/intents.server";
import { searchTerm } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/stories";
import { adminIntents } from "./admin-intents.server";
import { MODERATION_KEYS, photoRow, storyRow } from "./stories/moderate.server";
import { StoryList } from "./stories/story-list";
import { HIDE_STORY_FETCHER } from "./stories/story-visibility";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.stories.metaTitle", "admin.stories.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const q = searchTerm(url);
  const stories = await listStories(getServices(context).db, actorOf(viewer), {
    q,
    page: pageParam(url.searchParams.get("page")),
  });
  return { q, isAdmin: viewer.role === "admin", me: viewer.id, stories };
}

export const action = intentAction(
  { story: storyRow, photo: photoRow },
  adminIntents({ keys: MODERATION_KEYS, fallback: "admin.error.unexpected" }),
);

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.stories.title")} intro={t("admin.stories.intro")}>
      <FetcherToast fetcherKey={HIDE_STORY_FETCHER} />
      <StoryList {...loaderData} />
    </AdminPage>
  );
}
