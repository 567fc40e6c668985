import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";

import { Slot } from "~/components/ui/slot";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-bold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-grape cursor-pointer",
  {
    variants: {
      variant: {
        default:
          "bg-primary text-primary-foreground shadow-[0_3px_0_0_#3d2185] hover:bg-[#5a31bf] active:translate-y-px",
        slime: "bg-[#1f7a45] text-white shadow-[0_3px_0_0_#14532e] hover:bg-[#196a3b] active:translate-y-px",
        ember: "bg-[#b8441a] text-white shadow-[0_3px_0_0_#8a3314] hover:bg-[#a33c17] active:translate-y-px",
        destructive: "bg-destructive text-destructive-foreground hover:bg-[#a82727]",
        outline: "border-2 border-ink/15 bg-white text-ink hover:bg-paper-deep",
        secondary: "bg-secondary text-secondary-foreground hover:bg-muted",
        ghost: "text-ink hover:bg-paper-deep",
        link: "text-grape underline-offset-4 hover:underline rounded-none",
      },
      size: {
        default: "h-11 px-5 text-sm",
        sm: "h-9 px-4 text-sm",
        lg: "h-12 px-7 text-base",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "button";
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
