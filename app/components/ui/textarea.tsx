import type * as React from "react";

import { cn } from "~/lib/utils";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "flex min-h-28 w-full rounded-xl border-2 border-input bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted-foreground/80 focus-visible:border-grape focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-grape/25 aria-invalid:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
