import type * as React from "react";

import { cn } from "~/lib/utils";

import {
  BACKDROP,
  ModalClose,
  ModalCloseCorner,
  ModalContent,
  ModalDescription,
  ModalRoot,
  ModalTitle,
  ModalTrigger,
} from "./modal";

export const Dialog = ModalRoot;
export const DialogTrigger = ModalTrigger;
export const DialogClose = ModalClose;

export function DialogContent({ className, children, ...props }: React.ComponentProps<typeof ModalContent>) {
  return (
    <ModalContent
      className={cn(
        "grid max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg gap-4 overflow-y-auto rounded-2xl border-2 border-ink/10 bg-white p-6 text-ink shadow-xl",
        BACKDROP,
        className,
      )}
      {...props}
    >
      {children}
      <ModalCloseCorner />
    </ModalContent>
  );
}
export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}
export function DialogTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <ModalTitle className={cn("font-display text-xl font-bold", className)} {...props} />;
}
export function DialogDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <ModalDescription className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
