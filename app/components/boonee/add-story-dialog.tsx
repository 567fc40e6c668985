import { PenLineIcon } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
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
import { SLIME_AA } from "~/components/landing/tones";

export type StoryActionData = { ok: true } | { ok: false; error: string | null; errors: FieldErrors };

const subscribeNever = () => () => {};

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
  // Once hydrated the button opens the dialog; before that it is a link to the page form.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const { errors, onSubmit } = useClientValidation(storySchema, result && !result.ok ? result.errors : undefined);

  // Each answer from the server is taken once, when the fetcher is idle again (after revalidation):
  // a saved story closes the dialog and resets the form.
  const [taken, setTaken] = useState<StoryActionData | undefined>(undefined);
  if (fetcher.state === "idle" && result && result !== taken) {
    setTaken(result);
    if (result.ok) {
      setOpen(false);
      setFormKey((k) => k + 1);
    }
  }
  useEffect(() => {
    if (taken?.ok) toast.success(t("story.success"));
    else if (taken?.error) toast.error(t(taken.error));
  }, [taken, t]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button asChild variant="slime" className={SLIME_AA}>
          <a
            href="?story=new#add-story"
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
            role="button"
            data-testid="add-story"
            data-ready={hydrated || undefined}
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
            <Button type="submit" variant="slime" className={SLIME_AA} disabled={busy}>
              {busy ? t("story.saving") : t("story.save")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
