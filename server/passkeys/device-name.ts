/**
 * A passkey's first name, after the device it was made on: "iPhone (Safari)", "Pixel 7 (Chrome)",
 * "Windows (Edge)". Read from the User-Agent, with the model from the browser's client hints where it
 * gave one (Chrome on Android hides the model in its User-Agent: "Android 10; K"). Null when the
 * device is not known; the caller then numbers it ("Passkey 2"). The person can rename it anyway.
 */
export function deviceName(userAgent: string | null | undefined, modelHint?: string | null): string | null {
  const ua = userAgent ?? "";
  const device = deviceOf(ua, cleanModel(modelHint));
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!device) return null;
  return browser ? `${device} (${browser})` : device;
}

/** The browser, first match wins (Edge, Opera and Samsung Internet also name Chrome and Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(OPR|OPiOS)\/|\bOpera\b/, "Opera"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(CriOS|Chrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** Android models that say nothing: Chrome's reduced User-Agent ("K") and web views. */
const NO_MODEL = /^(K|wv|Mobile|Linux|U)$/i;

function deviceOf(ua: string, model: string | null): string | null {
  if (/\biPhone\b/.test(ua)) return "iPhone";
  if (/\biPad\b/.test(ua)) return "iPad";
  if (/\bAndroid\b/.test(ua)) {
    const fromUa = /\bAndroid[^;)]*;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?\s*[;)]/.exec(ua)?.[1]?.trim();
    return model ?? (fromUa && !NO_MODEL.test(fromUa) ? cleanModel(fromUa) : null) ?? "Android";
  }
  if (/\bCrOS\b/.test(ua)) return "Chromebook";
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return "Mac";
  if (/\bWindows\b/.test(ua)) return "Windows";
  if (/\bLinux\b/.test(ua)) return "Linux";
  return model;
}

/** A model name as a hint or header carries it ("\"Pixel 7\""): printable, short, or nothing. */
function cleanModel(value: string | null | undefined): string | null {
  const text = (value ?? "")
    .replace(/["\p{Cc}]/gu, "")
    .trim()
    .slice(0, 30)
    .trim();
  return text && !NO_MODEL.test(text) ? text : null;
}
