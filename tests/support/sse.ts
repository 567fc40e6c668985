/** A minimal server-sent-events reader for tests: collects `event: unread` counts from /api/events. */
export async function openUnreadStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`events stream failed: ${res.status}`);
  const counts: number[] = [];
  const events: { event: string; data: string; at: number }[] = [];
  const waiters: (() => void)[] = [];
  (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let i: number;
        while ((i = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          events.push({ event, data, at: Date.now() });
          if (event === "unread") counts.push(Number(data));
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    counts,
    events,
    /** Resolves when a count matching `predicate` arrives, or rejects after `timeoutMs`. */
    waitFor(predicate: (n: number) => boolean, timeoutMs = 2_000) {
      return new Promise<number>((resolve, reject) => {
        const check = () => {
          const hit = counts.find(predicate);
          if (hit !== undefined) {
            clearTimeout(timer);
            resolve(hit);
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`no matching unread count within ${timeoutMs} ms (got ${counts.join(",")})`)),
          timeoutMs,
        );
        if (!check()) {
          const again = () => {
            if (!check()) waiters.push(again);
          };
          waiters.push(again);
        }
      });
    },
    close: () => controller.abort(),
  };
}
