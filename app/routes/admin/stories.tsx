import { data } from "react-router";

import { formFields } from "#shared/forms.ts";
import { pageParam } from "#shared/schemas/admin.ts";
import { listStories } from "#server/domain/stories/list-stories.ts";
import { AdminPage } from "~/components/admin/admin-page";
import { FetcherToast } from "~/components/fetcher-toast";
import { actorOf, getLang, getServices, requestForm, requirePage } from "~/guards.server";
import { searchTerm } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/stories";
import { photoAction, storyAction, type ModerationAnswer } from "./stories/moderate.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const form = await requestForm(request);
  const fields = formFields(form);
  const args = { services: getServices(context), actor: actorOf(viewer, getLang(context)), form, fields, request };
  if (fields.intent === "story") return storyAction(args);
  if (fields.intent === "photo") return photoAction(args);
  return data<ModerationAnswer>({ ok: false, intent: "unknown", error: "admin.error.unexpected" }, { status: 400 });
}

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.stories.title")} intro={t("admin.stories.intro")}>
      <FetcherToast fetcherKey={HIDE_STORY_FETCHER} />
      <StoryList {...loaderData} />
    </AdminPage>
  );
}
