import { useState } from "react";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** A button that asks first (an alert dialog with the consequences) and then runs `onConfirm`. */
export function ConfirmButton({
  children,
  ariaLabel,
  describedBy,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  destructive = false,
  variant = "ghost",
  extra,
  refused = false,
}: {
  children: React.ReactNode;
  ariaLabel?: string;
  /** The id of what the button acts on (its name stays short, its description names the object). */
  describedBy?: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  destructive?: boolean;
  variant?: "ghost" | "outline";
  /** More to say in the dialog (a warning). */
  extra?: React.ReactNode;
  /** The dialog only explains why it cannot be done (no confirm button). */
  refused?: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size="sm"
        className={cn(destructive && "text-destructive hover:bg-[#ffe0dc]")}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {children}
      </Button>
      {confirming && (
        <AlertDialog open onOpenChange={setConfirming}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{title}</AlertDialogTitle>
              <AlertDialogDescription>{description}</AlertDialogDescription>
            </AlertDialogHeader>
            {extra}
            <AlertDialogFooter>
              <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
              {!refused && <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>}
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </>
  );
}
