import { useEffect, useState } from "react";

/**
 * The unread notification count, kept live over server-sent events. EventSource reconnects by
 * itself after a dropped connection; the server sends the current count on every (re)connect.
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
    const source = new EventSource("/api/events");
    const onUnread = (e: MessageEvent) => setCount(Number(e.data) || 0);
    source.addEventListener("unread", onUnread);
    return () => {
      source.removeEventListener("unread", onUnread);
      source.close();
    };
  }, [userId]);
  return count;
}
