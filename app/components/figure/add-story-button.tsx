import { PenLineIcon } from "lucide-react";
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";

import { SLIME_AA } from "~/components/landing/tones";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

// The dialog (and the form rules it checks in the browser) is only fetched when an owner opens it:
// visitors of a figure page never download it.
const AddStoryDialog = lazy(() => import("./add-story-dialog"));
const subscribeNever = () => () => {};

/**
 * The owner's "add story" button. Before JavaScript it is a link to ?story=new, where the page shows
 * the form itself; once hydrated it opens the dialog.
 */
export function AddStoryButton({ action }: { action: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return (
    <>
      <Button asChild variant="slime" className={SLIME_AA}>
        <a
          ref={trigger}
          href="?story=new#add-story"
          role="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(e) => {
            e.preventDefault();
            setLoaded(true);
            setOpen(true);
          }}
          data-testid="add-story"
          data-ready={hydrated || undefined}
        >
          <PenLineIcon aria-hidden="true" /> {t("story.add")}
        </a>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <AddStoryDialog
            action={action}
            open={open}
            onOpenChange={setOpen}
            onClosed={() => trigger.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
