import { useEffect, useState } from "react";

/**
 * The unread notification count, kept live over server-sent events. The server sends the current
 * count on every (re)connect. EventSource retries by itself after a dropped connection; when the
 * browser gives up instead (an error answer, e.g. a proxy's 502 during a restart), we open a new
 * one after a growing pause (1 s … 30 s, ten times at most), and at once when the tab becomes
 * visible or the device comes back online.
 */
export function useUnreadCount(initial: number, userId: string) {
  const [count, setCount] = useState(initial);
  const [lastInitial, setLastInitial] = useState(initial);
  if (initial !== lastInitial) {
    // a navigation brought a fresher count from the server
    setLastInitial(initial);
    setCount(initial);
  }
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 1_000;
    let failures = 0;
    let stopped = false;
    const onUnread = (e: MessageEvent) => {
      delay = 1_000;
      failures = 0;
      setCount(Number(e.data) || 0);
    };
    const open = () => {
      clearTimeout(retry);
      source?.close();
      source = new EventSource("/api/events");
      source.addEventListener("unread", onUnread);
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return; // the browser is retrying
        if (++failures > 10) return; // e.g. signed out elsewhere (401): wait for the tab to be shown again
        retry = setTimeout(open, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    const revive = () => {
      if (document.visibilityState !== "visible" || source?.readyState !== EventSource.CLOSED) return;
      failures = 0;
      delay = 1_000;
      open();
    };
    open();
    document.addEventListener("visibilitychange", revive);
    window.addEventListener("online", revive);
    return () => {
      stopped = true;
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", revive);
      window.removeEventListener("online", revive);
      source?.close();
    };
  }, [userId]);
  return count;
}
