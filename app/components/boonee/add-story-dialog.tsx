import { PenLineIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { FormError } from "~/components/forms/field";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { FieldErrors } from "~/lib/forms";
import { storySchema } from "~/lib/schemas/story";
import { StoryFields } from "./story-fields";

export type StoryActionData = { ok: true } | { ok: false; error: string | null; errors: FieldErrors };

/** Today in the browser's own calendar (the date input's upper bound). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/**
 * The owner's add-story dialog. It posts with a fetcher (the page stays, the list refreshes), shows the
 * field errors, and after a save closes, resets and says 'Deine Story wurde gespeichert!'. Without
 * JavaScript the button is a link to ?story=new, where the page shows the same form inline.
 */
export function AddStoryDialog({ action }: { action: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<StoryActionData>();
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const { errors, onSubmit } = useClientValidation(storySchema, result && !result.ok ? result.errors : undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      toast.success(t("story.success"));
      setOpen(false);
      setFormKey((k) => k + 1);
    } else if (result.error) {
      toast.error(t(result.error));
    }
    // Only a new answer from the server counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button asChild variant="slime">
          <a
            href="?story=new#add-story"
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
            role="button"
            data-testid="add-story"
          >
            <PenLineIcon aria-hidden="true" /> {t("story.add")}
          </a>
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby="add-story-description">
        <DialogHeader>
          <DialogTitle>{t("story.dialogTitle")}</DialogTitle>
          <DialogDescription id="add-story-description">{t("story.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form key={formKey} method="post" action={action} className="grid gap-4" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="via" value="dialog" />
          <FormError error={result && !result.ok ? result.error : null} />
          <StoryFields errors={errors} idPrefix="story-dialog" maxDate={localToday()} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="slime" disabled={busy}>
              {busy ? t("story.saving") : t("story.save")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
