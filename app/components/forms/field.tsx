import type * as React from "react";

import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import { CharCounter, lengthOf, useCharCount } from "./char-counter";

/**
 * A labelled input with its error (a translation key) announced to screen readers. With `limit` (and
 * `limitMin`), the allowed length shows under it and counts while typing (the input itself takes any
 * length; the schema refuses).
 */
export function Field({
  name,
  label,
  error,
  errorParams,
  hint,
  limit,
  limitMin,
  ...props
}: React.ComponentProps<"input"> & {
  name: string;
  label: string;
  error?: string;
  errorParams?: Record<string, unknown>;
  hint?: string;
  limit?: number;
  limitMin?: number;
}) {
  const { t } = useTranslation();
  const { count, onInput } = useCharCount(lengthOf(props.defaultValue));
  const id = props.id ?? `field-${name}`;
  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : null, limit ? `${id}-count` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={limit ? onInput : undefined}
        {...props}
      />
      {limit && <CharCounter id={`${id}-count`} count={count} min={limitMin} max={limit} />}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-destructive">
          {t(dataKey(error), errorParams)}
        </p>
      )}
    </div>
  );
}

export function FormError({ error, params }: { error?: string | null; params?: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border-2 border-destructive/30 bg-[#ffe0dc] px-4 py-3 text-sm font-semibold text-[#9b1c1c]"
    >
      {t(dataKey(error), params)}
    </p>
  );
}

/** A calm message after a form was sent (not an error). */
export function Notice({ text }: { text: string }) {
  return (
    <p role="status" className="rounded-xl bg-[#dff5e6] px-4 py-3 text-sm font-semibold text-[#1d6b3c]">
      {text}
    </p>
  );
}
