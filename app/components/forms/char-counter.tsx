import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** Counts a text field's characters as the user types or pastes (the field itself has no maxLength, so nothing is cut). */
export function useCharCount() {
  const [count, setCount] = useState(0);
  const onInput = (e: React.FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setCount(e.currentTarget.value.length);
  return { count, onInput };
}

/** The counter shows once a field is close to its limit (80 %). */
export const counterShown = (count: number, max: number) => count >= max * 0.8;

/** "n / max" once a field is close to its limit, and how much is too much above it. */
export function CharCounter({ id, count, max }: { id: string; count: number; max: number }) {
  const { t } = useTranslation();
  if (!counterShown(count, max)) return null;
  const over = count - max;
  return (
    <p
      id={id}
      data-testid="char-counter"
      className={cn("text-xs tabular-nums", over > 0 ? "font-semibold text-destructive" : "text-muted-foreground")}
    >
      {over > 0 ? t("common.charsOver", { count: over, length: count, max }) : t("common.charCount", { length: count, max })}
    </p>
  );
}
