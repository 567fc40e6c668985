import { useRef, useState } from "react";
import type { z } from "zod";

import { formFields, validate, type FieldErrors } from "#shared/forms.ts";

/**
 * A schema, or a way to load it (a function made once, at module level): zod (22 KB) then reaches the
 * browser only when a form is used (decision 056).
 */
export type SchemaSource = z.ZodType | SchemaLoader;
type SchemaLoader = () => Promise<z.ZodType>;

const loading = new WeakMap<SchemaLoader, Promise<z.ZodType>>();
const loaded = new WeakMap<SchemaLoader, z.ZodType>();
const ready = (schema: SchemaSource) => (typeof schema === "function" ? (loaded.get(schema) ?? null) : schema);
function load(schema: SchemaLoader) {
  let promise = loading.get(schema);
  if (!promise) loading.set(schema, (promise = schema().then((s) => (loaded.set(schema, s), s))));
  return promise;
}

/**
 * Checks a form against the same zod schema the action uses, before it is sent; the server
 * checks again. Without JavaScript the form simply posts and the server answers with the errors.
 * A new submit hides the server's last answer (`stale`) until its next one arrives, so an old error
 * never stands beside a new one. A schema given as a loader starts loading when a field gets focus
 * (`onFocus` on the form); a submit before it has arrived waits for it, then sends the form again.
 */
export function useClientValidation(
  schema: SchemaSource,
  serverErrors?: FieldErrors,
  read: (form: FormData) => unknown = formFields,
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServer, setLastServer] = useState(serverErrors);
  const [stale, setStale] = useState(false);
  const checked = useRef(false);
  if (serverErrors !== lastServer) {
    setLastServer(serverErrors);
    setClientErrors(null);
    setStale(false);
  }
  const check = (form: HTMLFormElement, current: z.ZodType) => {
    const result = validate(current, read(new FormData(form)));
    if (result.ok) {
      setClientErrors(null);
      return true;
    }
    setClientErrors(result.errors);
    form.querySelector<HTMLElement>(`[name="${Object.keys(result.errors)[0]}"]`)?.focus();
    return false;
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setStale(true);
    if (checked.current) {
      checked.current = false; // sent again after its schema arrived: already checked
      return;
    }
    const form = event.currentTarget;
    const current = ready(schema);
    if (current || typeof schema !== "function") {
      if (!check(form, current ?? (schema as z.ZodType))) event.preventDefault();
      return;
    }
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void load(schema).then((arrived) => {
      if (!check(form, arrived)) return;
      checked.current = true;
      form.requestSubmit(submitter);
    });
  };
  const onFocus = () => {
    if (typeof schema === "function") void load(schema);
  };
  return { errors: clientErrors ?? (stale ? undefined : serverErrors) ?? {}, onSubmit, onFocus, stale };
}
