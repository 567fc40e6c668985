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

export const Sheet = ModalRoot;
export const SheetTrigger = ModalTrigger;
export const SheetClose = ModalClose;
export const SheetTitle = ModalTitle;
export const SheetDescription = ModalDescription;

export function SheetContent({
  className,
  children,
  side = "right",
  ...props
}: React.ComponentProps<typeof ModalContent> & { side?: "left" | "right" }) {
  return (
    <ModalContent
      className={cn(
        "m-0 h-full max-h-none w-[18rem] max-w-none flex-col gap-4 border-0 bg-white p-5 text-ink shadow-xl open:flex",
        side === "right" ? "right-0 left-auto border-l-2" : "right-auto left-0 border-r-2",
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
