import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

import { toasterState } from "~/lib/toast";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Tells the toast queue once sonner's toaster (its child) has mounted and subscribed. */
function Mounted({ children }: { children: React.ReactNode }) {
  useEffect(() => toasterState.mounted(), []);
  return children;
}

/** sonner's <Toaster>, loaded with the first toast (app/lib/toast.ts, decision 056). */
export function LazyToaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Mounted>
        <Toaster position="bottom-right" hotkey={["altKey", "KeyT"]} richColors closeButton />
      </Mounted>
    </Suspense>
  );
}
