import { PencilIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { ConfirmButton } from "~/components/confirm-button";
import { FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import { localToday, StoryFields, type StoryValues } from "./story-fields";

/** The keyed fetcher of story deletions: the page's FetcherToast reports them (the story is gone by then). */
export const STORY_DELETE_FETCHER = "story-delete";

// zod comes with the first focus on the form (decision 056)
const loadStorySchema = () => import("#shared/schemas/story.ts").then((m) => m.storySchema);

/** The author's Edit and Delete buttons under their own finder story (the server checks authorship). */
export function OwnStoryActions({ action, story }: { action: string; story: StoryValues & { id: string } }) {
  const { t } = useTranslation();
  const editor = useFetcher<ActionAnswer>();
  const deleter = useFetcher<ActionAnswer>({ key: STORY_DELETE_FETCHER });
  const [editing, setEditing] = useState(false);
  const result = editor.data;
  const { errors, onSubmit, onFocus } = useClientValidation(
    loadStorySchema,
    result && !result.ok ? result.fieldErrors : undefined,
  );
  useEffect(() => {
    if (editor.state !== "idle" || !result) return;
    if (result.ok) {
      setEditing(false);
      toast.success(() => t("story.saved"));
    } else if (result.error) {
      const { error } = result;
      toast.error(() => t(dataKey(error)));
    }
  }, [editor.state, result, t]);
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        aria-label={t("story.editLabel", { title: story.title })}
        onClick={() => (editor.reset(), setEditing(true))}
      >
        <PencilIcon /> {t("story.edit")}
      </Button>
      <ConfirmButton
        destructive
        ariaLabel={t("story.deleteLabel", { title: story.title })}
        title={t("story.deleteTitle", { title: story.title })}
        description={t("story.deleteConfirm")}
        confirmLabel={t("story.delete")}
        disabled={deleter.state !== "idle"}
        onConfirm={() => deleter.submit({ intent: "deleteStory", storyId: story.id }, { method: "post", action })}
      >
        <Trash2Icon /> {t("story.delete")}
      </ConfirmButton>
      {editing && (
        <Dialog open onOpenChange={setEditing}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t("story.editTitle")}</DialogTitle>
              <DialogDescription>{t("story.dialogDescription")}</DialogDescription>
            </DialogHeader>
            <editor.Form
              method="post"
              action={action}
              className="grid gap-4"
              onSubmit={onSubmit}
              onFocus={onFocus}
              noValidate
            >
              <input type="hidden" name="intent" value="editStory" />
              <input type="hidden" name="storyId" value={story.id} />
              <FormError error={result && !result.ok ? result.error : null} />
              <StoryFields errors={errors} idPrefix={`story-edit-${story.id}`} maxDate={localToday()} values={story} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setEditing(false)}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={editor.state !== "idle"}>
                  {editor.state !== "idle" ? t("story.saving") : t("story.save")}
                </Button>
              </DialogFooter>
            </editor.Form>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
