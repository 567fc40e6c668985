import { useState } from "react";
import { useFetcher } from "react-router";

import { TextareaField } from "~/components/admin/figure-fields";
import type { ActionAnswer } from "~/components/fetcher-toast";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { useFetcherAnswer } from "~/components/use-fetcher-answer";
import { useTranslation } from "~/lib/use-translation";

export type { ActionAnswer };

/**
 * A button that opens a dialog asking for a reason (required, 3–500 characters, re-checked on the
 * server) and posts it with `fields` to the page's action through the keyed fetcher `fetcherKey`;
 * closes on success (the page's FetcherToast with the same key says so).
 */
export function ReasonDialog({
  fields,
  fetcherKey,
  label,
  ariaLabel,
  icon,
  title,
  intro,
  reasonLabel,
  submitLabel,
}: {
  fields: Record<string, string>;
  fetcherKey: string;
  label: string;
  ariaLabel: string;
  icon?: React.ReactNode;
  title: string;
  intro: string;
  reasonLabel: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>({ key: fetcherKey });
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) => answer.ok && setOpen(false)); // an error stays in the dialog
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const id = `reason-${Object.values(fields).join("-")}-${fields.intent ?? ""}`;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={() => (fetcher.reset(), setOpen(true))}
      >
        {icon} {label}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{intro}</DialogDescription>
            </DialogHeader>
            <fetcher.Form method="post" className="grid gap-4">
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <FormError error={error} />
              <TextareaField
                id={id}
                name="reason"
                label={reasonLabel}
                rows={3}
                minLength={3}
                maxLength={500}
                required
              />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" variant="destructive" disabled={busy}>
                  {submitLabel}
                </Button>
              </DialogFooter>
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
