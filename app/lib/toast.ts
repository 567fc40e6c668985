/**
 * Toasts without sonner's 9 KB in every page's JavaScript (decision 056): sonner and its <Toaster> load
 * with the first toast (app/components/lazy-toaster.tsx). Same calls as sonner's `toast`.
 */
type Sonner = typeof import("sonner");
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

function show(kind: "success" | "error" | null, message: string, options?: Options) {
  if (typeof document === "undefined") return;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([(sonner ??= import("sonner")), toasterMounted]).then(([{ toast: sonnerToast }]) => {
    if (kind) sonnerToast[kind](message, options);
    else sonnerToast(message, options);
  });
}

export const toast = Object.assign((message: string, options?: Options) => show(null, message, options), {
  success: (message: string, options?: Options) => show("success", message, options),
  error: (message: string, options?: Options) => show("error", message, options),
});
