import { KeyRoundIcon } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { deviceModel, passkeysSupported, runPasskey, type PasskeyKind } from "~/lib/passkey-client";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/**
 * A passkey action as one button: asks the server for a challenge, lets the device sign it, then
 * posts the answer with `intent` to `action` as a plain form (the server answers with a redirect, as
 * for the password forms). Shown only where the browser can do passkeys and scripts run; without
 * them the password forms stay. `fieldsFrom`: the id of a form whose name and e-mail go along (sign-up).
 */
export function PasskeyButton({
  kind,
  intent,
  label,
  action,
  fieldsFrom,
  variant = "outline",
  extra = {},
  footer,
}: {
  kind: PasskeyKind;
  intent: string;
  label: string;
  action?: string;
  fieldsFrom?: string;
  variant?: "outline" | "slime" | "default";
  extra?: Record<string, string>;
  /** shown under the button, only when the button is (e.g. "or" before the password form) */
  footer?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; params?: Record<string, unknown> } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const answer = useRef<HTMLInputElement>(null);
  const model = useRef<HTMLInputElement>(null);
  useEffect(() => setSupported(passkeysSupported()), []);

  const start = async () => {
    setError(null);
    const source = fieldsFrom ? (document.getElementById(fieldsFrom) as HTMLFormElement | null) : null;
    const fields: Record<string, string> = {};
    for (const name of ["name", "email"]) {
      const input = source?.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement)) continue;
      if (!input.reportValidity()) return; // the browser says what is missing, as the form would
      fields[name] = input.value;
    }
    setBusy(true);
    const outcome = await runPasskey(kind, fields);
    if (!outcome.ok) {
      setBusy(false);
      setError({ key: outcome.error, params: outcome.params });
      return;
    }
    answer.current!.value = outcome.response;
    if (model.current) model.current.value = await deviceModel(); // a new passkey is named after its device
    form.current!.submit(); // the page goes where the server sends it
  };

  return (
    // Rendered hidden; shown where the browser can do passkeys, by React or, on pages whose app starts
    // on demand (claim links), by their inline script, where a click then starts the app (data-needs-app).
    <form
      ref={form}
      method="post"
      action={action}
      className="grid gap-2"
      data-testid={`passkey-${intent}`}
      data-passkey=""
      hidden={!supported}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input ref={answer} type="hidden" name="passkey" />
      {kind !== "login" && <input ref={model} type="hidden" name="deviceModel" />}
      <Button
        type="button"
        variant={variant}
        size="lg"
        className="h-auto min-h-12 w-full py-2 text-center whitespace-normal"
        disabled={busy}
        onClick={start}
        data-needs-app=""
      >
        <KeyRoundIcon aria-hidden="true" />
        {busy ? t("auth.passkey.waiting") : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-semibold text-[#9b1c1c]">
          {t(dataKey(error.key), error.params)}
        </p>
      )}
      {footer}
    </form>
  );
}
