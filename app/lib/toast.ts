/**
 * Toasts without sonner's 9 KB in every page's JavaScript (decision 056): sonner and its <Toaster> load
 * with the first toast (app/components/lazy-toaster.tsx). Same calls as sonner's `toast`.
 */
type Sonner = typeof import("sonner");
/** A text, or how to make it: made again once the whole language is there when its key was not on the page. */
type Text = string | (() => string);

let loadTexts: (() => Promise<void>) | undefined;
/** The page's translator loads the rest of the language with this (entry.client.tsx). */
export function setToastTexts(load: () => Promise<void>) {
  loadTexts = load;
}
const KEY_LIKE = /^[a-zA-Z]+(\.[\w-]+)+$/;
// An action's message is rarely among the texts the page was rendered with (decision 056): a key that came
// back as itself is made again after the whole language arrived, so a toast never shows a raw key.
async function textOf(message: Text) {
  if (typeof message === "string") return message;
  const first = message();
  if (!KEY_LIKE.test(first) || !loadTexts) return first;
  await loadTexts();
  return message();
}
type Options = { description?: string; duration?: number };

let wanted = false;
const listeners = new Set<() => void>();
let mounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => (mounted = resolve));
let sonner: Promise<Sonner> | undefined;

/** For the lazy toaster: whether a toast has been asked for, and a way to hear of it. */
export const toasterState = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** The toaster listens now (toasts sent before it mounted would be lost). */
  mounted: () => mounted(),
};

function show(kind: "success" | "error" | null, message: Text, options?: Options) {
  if (typeof document === "undefined") return;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([(sonner ??= import("sonner")), toasterMounted, textOf(message)]).then(
    ([{ toast: sonnerToast }, , text]) => {
      if (kind) sonnerToast[kind](text, options);
      else sonnerToast(text, options);
    },
  );
}

export const toast = Object.assign((message: Text, options?: Options) => show(null, message, options), {
  success: (message: Text, options?: Options) => show("success", message, options),
  error: (message: Text, options?: Options) => show("error", message, options),
});
