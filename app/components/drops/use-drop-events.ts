import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data when a drop changes anywhere (scheduled, released, a hint out, a figure
 * found), over the public event stream; the browser reconnects by itself.
 */
export function useDropEvents() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    // the page's inline script followed the stream before the app started (decision 025): the data is older than the page showed
    const w = window as Window & { __booneesDropPending?: boolean };
    if (w.__booneesDropPending) {
      w.__booneesDropPending = false;
      void revalidate();
    }
    const source = new EventSource("/api/drop-events");
    const onDrop = () => void revalidate();
    source.addEventListener("drop", onDrop);
    return () => {
      source.removeEventListener("drop", onDrop);
      source.close();
    };
  }, [revalidate]);
}

/** Reloads the page's data every `ms` while given (a due release awaited without a stream place). */
export function useRevalidateEvery(ms: number | undefined) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!ms) return;
    const timer = setInterval(() => void revalidate(), ms);
    return () => clearInterval(timer);
  }, [ms, revalidate]);
}
