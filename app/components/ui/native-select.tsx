import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";

import { cn } from "~/lib/utils";

/** A styled native <select>: works before JavaScript, on every phone, with the keyboard. */
export function NativeSelect({
  className,
  wrapperClassName,
  ...props
}: React.ComponentProps<"select"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <select
        data-slot="native-select"
        className={cn(
          "flex h-11 w-full min-w-0 appearance-none rounded-xl border-2 border-input bg-white py-2 pr-9 pl-3.5 text-base text-ink transition-colors focus-visible:border-grape focus-visible:ring-3 focus-visible:ring-grape/25 focus-visible:outline-none disabled:opacity-50 aria-invalid:border-destructive",
          className,
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
