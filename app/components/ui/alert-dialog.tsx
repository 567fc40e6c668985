import type * as React from "react";

import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

import { BACKDROP, ModalClose, ModalContent, ModalDescription, ModalRoot, ModalTitle, ModalTrigger } from "./modal";

export const AlertDialog = ModalRoot;
export const AlertDialogTrigger = ModalTrigger;

/** A question to answer: only its buttons and Escape close it, not a click beside it. */
export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof ModalContent>) {
  return (
    <ModalContent
      role="alertdialog"
      dismissible={false}
      className={cn(
        "grid w-[calc(100%-1.5rem)] max-w-md gap-4 rounded-2xl border-2 border-ink/10 bg-white p-6 text-ink shadow-xl",
        BACKDROP,
        className,
      )}
      {...props}
    />
  );
}
export function AlertDialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}
export function AlertDialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}
export function AlertDialogTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <ModalTitle className={cn("font-display text-xl font-bold", className)} {...props} />;
}
export function AlertDialogDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <ModalDescription className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
export function AlertDialogAction({ className, ...props }: React.ComponentProps<typeof ModalClose>) {
  return <ModalClose className={cn(buttonVariants({ variant: "destructive" }), className)} {...props} />;
}
export function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof ModalClose>) {
  return <ModalClose className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}
