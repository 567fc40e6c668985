import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";

import { ReasonDialog } from "~/components/admin/reason-dialog";
import { Button } from "~/components/ui/button";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** The page's toast for hiding: the dialog closes before the answer comes. */
export const HIDE_STORY_FETCHER = "admin-story-hide";

/** Hiding asks for a reason (its author is told); showing again is one click. */
export function StoryToggle({ storyId, hidden, title }: { storyId: string; hidden: boolean; title: string }) {
  const { t } = useTranslation();
  if (!hidden)
    return (
      <ReasonDialog
        fields={{ intent: "story", storyId, hidden: "true" }}
        fetcherKey={HIDE_STORY_FETCHER}
        label={t("admin.stories.hide")}
        ariaLabel={t("admin.stories.hideLabel", { title })}
        icon={<EyeOffIcon />}
        title={t("admin.stories.hideTitle", { title })}
        intro={t("admin.stories.hideIntro")}
        reasonLabel={t("admin.stories.reason")}
        submitLabel={t("admin.stories.hide")}
      />
    );
  return <ShowStoryButton storyId={storyId} title={title} />;
}

function ShowStoryButton({ storyId, title }: { storyId: string; title: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    if (answer.ok) toast.success(() => t("admin.stories.shownToast"));
    else toast.error(() => t(dataKey(answer.error ?? "admin.error.unexpected")));
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="story" />
      <input type="hidden" name="storyId" value={storyId} />
      <input type="hidden" name="hidden" value="false" />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={t("admin.stories.showLabel", { title })}
      >
        <EyeIcon /> {t("admin.stories.show")}
      </Button>
    </fetcher.Form>
  );
}
