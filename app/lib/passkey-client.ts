/**
 * The browser's half of a passkey: options (and a challenge) from /passkeys/options, then the
 * device's prompt. @simplewebauthn/browser is loaded on first use only, so pages that merely offer
 * a passkey (the claim page on a weak connection) do not pay for it.
 */
export type PasskeyKind = "signup" | "add" | "login";
export type PasskeyOutcome =
  { ok: true; response: string } | { ok: false; error: string; params?: Record<string, unknown> };

export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

export async function runPasskey(kind: PasskeyKind, fields: Record<string, string> = {}): Promise<PasskeyOutcome> {
  let answer: {
    ok: boolean;
    options?: unknown;
    error?: string;
    errors?: Record<string, string>;
    params?: Record<string, unknown>;
  };
  try {
    const res = await fetch("/passkeys/options", {
      method: "POST",
      body: new URLSearchParams({ intent: kind, ...fields }),
    });
    answer = await res.json();
  } catch {
    return { ok: false, error: "auth.error.passkeyOffline" };
  }
  if (!answer.ok) {
    const fieldError = answer.errors && Object.values(answer.errors)[0];
    return { ok: false, error: fieldError ?? `auth.error.${answer.error ?? "passkeyFailed"}`, params: answer.params };
  }
  const { startAuthentication, startRegistration } = await import("@simplewebauthn/browser");
  try {
    const response =
      kind === "login"
        ? await startAuthentication({
            optionsJSON: answer.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
          })
        : await startRegistration({
            optionsJSON: answer.options as Parameters<typeof startRegistration>[0]["optionsJSON"],
          });
    return { ok: true, response: JSON.stringify(response) };
  } catch (e) {
    // the person closed the prompt, or this device already holds a passkey for the account
    return {
      ok: false,
      error:
        (e as { name?: string })?.name === "InvalidStateError"
          ? "auth.error.passkeyExists"
          : "auth.error.passkeyCancelled",
    };
  }
}

type ClientHints = { getHighEntropyValues(hints: string[]): Promise<{ model?: string }> };

/** The device's model where the browser tells it (Chrome's client hints: "Pixel 7"); a new passkey is named after it. */
export async function deviceModel(): Promise<string> {
  try {
    const hints = (navigator as unknown as { userAgentData?: ClientHints }).userAgentData;
    return (await hints?.getHighEntropyValues(["model"]))?.model ?? "";
  } catch {
    return "";
  }
}
