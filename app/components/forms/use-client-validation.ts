import { useState } from "react";
import type { z } from "zod";

import { formFields, validate, type FieldErrors } from "#shared/forms.ts";

/**
 * Checks a form against the same zod schema the action uses, before it is sent; the server
 * checks again. Without JavaScript the form simply posts and the server answers with the errors.
 * A new submit hides the server's last answer (`stale`) until its next one arrives, so an old error
 * never stands beside a new one.
 */
export function useClientValidation(
  schema: z.ZodType,
  serverErrors?: FieldErrors,
  read: (form: FormData) => unknown = formFields,
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServer, setLastServer] = useState(serverErrors);
  const [stale, setStale] = useState(false);
  if (serverErrors !== lastServer) {
    setLastServer(serverErrors);
    setClientErrors(null);
    setStale(false);
  }
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setStale(true);
    const result = validate(schema, read(new FormData(event.currentTarget)));
    if (!result.ok) {
      event.preventDefault();
      setClientErrors(result.errors);
      const first = event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(result.errors)[0]}"]`);
      first?.focus();
    } else setClientErrors(null);
  };
  return { errors: clientErrors ?? (stale ? undefined : serverErrors) ?? {}, onSubmit, stale };
}
