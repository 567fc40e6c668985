import type * as React from "react";

import { cn } from "~/lib/utils";

export function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-11 w-full min-w-0 rounded-xl border-2 border-input bg-white px-3.5 py-2 text-base text-ink placeholder:text-muted-foreground/80 transition-colors focus-visible:border-grape focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-grape/25 disabled:opacity-50 aria-invalid:border-destructive file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-3 file:py-1 file:text-sm file:font-semibold",
        className,
      )}
      {...props}
    />
  );
}
