import { useCallback, useEffect, useState } from "react";

export type PushState = "unknown" | "unsupported" | "denied" | "off" | "on" | "busy" | "failed";

const base64urlToBytes = (value: string) => {
  const b64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/** A refusal the server explained: `key` is the translation key of its reason. */
class Refused extends Error {
  key: string;
  constructor(key: string) {
    super(key);
    this.key = key;
  }
}

async function post(fields: Record<string, string>) {
  const response = await fetch("/profile/notifications", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { accept: "application/json" },
  });
  if (response.ok) return;
  const error = ((await response.json().catch(() => null)) as { error?: unknown } | null)?.error;
  if (typeof error === "string" && /^[\w.]+$/.test(error))
    throw new Refused(error.includes(".") ? error : `channels.error.${error}`);
  throw new Error(String(response.status));
}

/**
 * This device's push subscription. The browser's permission prompt only comes when the collector
 * clicks "turn on" (never on page load); the subscription is kept on the server per device.
 */
export function usePushDevice(vapidPublicKey: string) {
  const [state, setState] = useState<PushState>("unknown");
  /** Why the server refused this device (e.g. not a push service we deliver to), as a translation key. */
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
      return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    void navigator.serviceWorker
      .register("/sw.js")
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("unsupported"));
  }, []);

  const turnOn = useCallback(async () => {
    setState("busy");
    setRefusal(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
      const registration = await navigator.serviceWorker.register("/sw.js");
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64urlToBytes(vapidPublicKey),
      });
      const json = subscription.toJSON();
      await post({
        intent: "pushOn",
        endpoint: subscription.endpoint,
        p256dh: json.keys?.p256dh ?? "",
        auth: json.keys?.auth ?? "",
      });
      setState("on");
    } catch (e) {
      if (e instanceof Refused) setRefusal(e.key);
      setState("failed");
    }
  }, [vapidPublicKey]);

  const turnOff = useCallback(async () => {
    setState("busy");
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await post({ intent: "pushOff", endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setState("failed");
    }
  }, []);

  return { state, refusal, turnOn, turnOff };
}
