import { useState } from "react";

import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** The length the limits apply to: the schemas trim, so spaces around the text do not count. */
export const lengthOf = (value: unknown) => (typeof value === "string" ? value.trim().length : 0);

/** Counts a text field's characters as the user types or pastes (the field itself has no maxLength, so nothing is cut). */
export function useCharCount(initial = 0) {
  const [count, setCount] = useState(initial);
  const onInput = (e: React.FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setCount(lengthOf(e.currentTarget.value));
  return { count, onInput };
}

/**
 * A field's limits, always in view: before typing the allowed length ("3–100 Zeichen", rendered on the
 * server, so it shows before and without JavaScript), then "n / max" while typing, what is still
 * missing below the minimum, and how much is too much above the maximum.
 */
export function CharCounter({ id, count, min, max }: { id: string; count: number; min?: number; max: number }) {
  const { t } = useTranslation();
  const over = count - max;
  const short = min !== undefined && count > 0 && count < min;
  const text =
    count === 0
      ? min
        ? t("common.charLimit", { min, max })
        : t("common.charLimitMax", { max })
      : over > 0
        ? t("common.charsOver", { count: over, length: count, max })
        : short
          ? t("common.charsShort", { length: count, min, max })
          : t("common.charCount", { length: count, max });
  return (
    <p
      id={id}
      data-testid="char-counter"
      className={cn("text-xs tabular-nums", over > 0 ? "font-semibold text-destructive" : "text-muted-foreground")}
    >
      {text}
    </p>
  );
}
