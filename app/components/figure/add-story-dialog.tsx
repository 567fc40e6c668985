import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { storySchema } from "#shared/schemas/story.ts";
import { FormError } from "~/components/forms/field";
import { OfflineNote } from "~/components/forms/offline-note";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { SLIME_AA } from "~/components/landing/tones";
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

import { localToday, StoryFields } from "./story-fields";

/**
 * The owner's add-story dialog (loaded on first use, see AddStoryButton). It posts with a fetcher (the
 * page stays, the list refreshes), shows the field errors, and after a save closes, resets and says
 * 'Deine Story wurde gespeichert!'.
 */
export default function AddStoryDialog({
  action,
  open,
  onOpenChange,
  onClosed,
}: {
  action: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>();
  const [formKey, setFormKey] = useState(0);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const { errors, onSubmit } = useClientValidation(storySchema, result && !result.ok ? result.fieldErrors : undefined);

  // Each answer from the server is taken once, when the fetcher is idle again (after revalidation):
  // a saved story closes the dialog and resets the form.
  const [taken, setTaken] = useState<ActionAnswer | undefined>(undefined);
  if (fetcher.state === "idle" && result && result !== taken) {
    setTaken(result);
    if (result.ok) {
      onOpenChange(false);
      setFormKey((k) => k + 1);
    }
  }
  useEffect(() => {
    if (taken?.ok) toast.success(() => t("story.success"));
    else if (taken?.error) {
      const { error } = taken;
      toast.error(() => t(dataKey(error)));
    }
  }, [taken, t]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="add-story-description"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("story.dialogTitle")}</DialogTitle>
          <DialogDescription id="add-story-description">{t("story.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form key={formKey} method="post" action={action} className="grid gap-4" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="via" value="dialog" />
          <FormError error={result && !result.ok ? result.error : null} />
          <StoryFields errors={errors} idPrefix="story-dialog" maxDate={localToday()} />
          <OfflineNote />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="slime" className={SLIME_AA} disabled={busy}>
              {busy ? t("story.saving") : t("story.save")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
