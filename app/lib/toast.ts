/**
 * Toasts without sonner's 9 KB in every page's JavaScript (decision 056): sonner and its <Toaster> load
 * with the first toast (app/components/lazy-toaster.tsx). Like sonner's `toast`, but a text is always
 * given as a way to make it (`toast.success(() => t("a.key"))`, never `toast.success(() => t("a.key"))`):
 * a text whose key was not among the page's texts is made again once the whole language is there, so no
 * toast shows a raw key (decision 054, follow-up of 2026-11-28; tests/unit/toast-texts.test.ts).
 */
type Sonner = typeof import("sonner");
/** How to make a toast's text (its translation keys may not be on the page yet). */
export type ToastText = () => string;

/** What the page's translator offers a toast: the rest of the language, and whether a text was missing. */
export interface ToastTexts {
  loadAll: () => Promise<void>;
  /** How many times a text was missing so far (app/lib/page-messages.ts). */
  misses: () => number;
}
let texts: ToastTexts | undefined;
/** The page's translator (entry.client.tsx): a toast whose text missed a key waits for the whole language. */
export function setToastTexts(pageTexts: ToastTexts) {
  texts = pageTexts;
}
// An action's message is rarely among the texts the page was rendered with (decision 056): a text that
// missed a key (a raw key, alone, inside another text or as a parameter) is made again after the load.
export async function textOf(make: ToastText, pageTexts = texts) {
  const before = pageTexts?.misses();
  const first = make();
  if (!pageTexts || pageTexts.misses() === before) return first;
  await pageTexts.loadAll();
  return make();
}
type Options = { description?: ToastText; duration?: number };

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

function show(kind: "success" | "error" | null, message: ToastText, options?: Options) {
  if (typeof document === "undefined") return;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const description = options?.description;
  void Promise.all([
    (sonner ??= import("sonner")),
    toasterMounted,
    textOf(message),
    description && textOf(description),
  ]).then(([{ toast: sonnerToast }, , text, describe]) => {
    const shown = { ...options, description: describe || undefined };
    if (kind) sonnerToast[kind](text, shown);
    else sonnerToast(text, shown);
  });
}

export const toast = Object.assign((message: ToastText, options?: Options) => show(null, message, options), {
  success: (message: ToastText, options?: Options) => show("success", message, options),
  error: (message: ToastText, options?: Options) => show("error", message, options),
});
