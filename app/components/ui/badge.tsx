import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";

import { cn } from "~/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "bg-grape-light text-[#3d2185]",
        secondary: "bg-paper-deep text-ink",
        outline: "border-2 border-ink/15 text-ink",
        Common: "bg-[#dff5e6] text-[#1d6b3c]",
        Uncommon: "bg-[#d9f0ff] text-[#14507a]",
        Rare: "bg-[#e3dbff] text-[#4b2a9e]",
        Epic: "bg-[#ffd9f0] text-[#8a1d5c]",
        Legendary: "bg-gold-light text-[#7a4a00]",
        success: "bg-[#dff5e6] text-[#1d6b3c]",
        warning: "bg-[#fff1c2] text-[#7a4a00]",
        danger: "bg-[#ffe0dc] text-[#9b1c1c]",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
