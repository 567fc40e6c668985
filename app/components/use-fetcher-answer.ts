import { useEffect, useRef } from "react";

/**
 * Calls `onAnswer` once per answer of a fetcher's action, as soon as it arrives (while the page still
 * revalidates): the control that asked may be gone after the revalidation (a rejected claim's
 * buttons, a deleted story), and its toast must still show.
 */
export function useFetcherAnswer<T>(fetcher: { state: string; data?: T | null }, onAnswer: (data: T) => void) {
  const taken = useRef<T | null | undefined>(undefined);
  const handler = useRef(onAnswer);
  handler.current = onAnswer;
  useEffect(() => {
    // After fetcher.reset() the data is null.
    if (fetcher.state === "submitting" || fetcher.data == null || fetcher.data === taken.current) return;
    taken.current = fetcher.data;
    handler.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
