/**
 * The inline script of pages whose app starts late (app/components/deferred-scripts.tsx, decisions 003,
 * 004, 025): it keeps React Router's streamed data, starts the app on demand and replays the tap, ticks
 * countdowns, follows the drop stream, redirects after a claim. It is sent as the page's inline script,
 * built minified (the `virtual:inline-scripts` plugin in vite.config.ts), so it must not use anything
 * from outside its own body.
 */
export default function startOnDemand(holderId: string, afterLoad: boolean) {
  type Stream = { enqueue(chunk: string): void; close(): void };
  const w = window as Window & { __booneesBooted?: boolean; __reactRouterContext?: { streamController?: Stream } };
  const d = document;
  // React Router streams the page's loader data in scripts after the app markup, which call
  // __reactRouterContext.streamController. Until the app starts, keep those chunks here.
  const chunks: string[] = [];
  let closed = false;
  const keeper: Stream = { enqueue: (chunk) => void chunks.push(chunk), close: () => void (closed = true) };
  w.__reactRouterContext = { streamController: keeper };
  const booted = () => !!w.__booneesBooted;
  const boot = () => {
    if (booted()) return;
    w.__booneesBooted = true;
    w.dispatchEvent(new Event("booneesboot"));
    // The app's scripts wait as the text of a <noscript> (inert while scripting is on). Parsed markup
    // never runs its scripts, so each script is created afresh; inline ones run as they are inserted:
    // this sets up the real context and its stream ...
    const holder = d.getElementById(holderId);
    const parsed = d.createElement("template");
    parsed.innerHTML = holder?.textContent ?? "";
    parsed.content.querySelectorAll("script").forEach((old) => {
      const script = d.createElement("script");
      for (const attr of Array.from(old.attributes)) script.setAttribute(attr.name, attr.value);
      script.nonce = old.getAttribute("nonce") ?? "";
      script.textContent = old.textContent;
      old.replaceWith(script);
    });
    // ... which then gets the chunks kept so far; the app's module script runs after this. Inserting
    // some twenty preload links at once is a long task on a slow phone, so it goes in small steps.
    const nodes = Array.from(parsed.content.childNodes);
    const step = () => {
      nodes.splice(0, 6).forEach((node) => d.body.appendChild(node));
      const stream = w.__reactRouterContext?.streamController;
      if (stream && stream !== keeper && chunks.length + Number(closed) > 0) {
        chunks.splice(0).forEach((chunk) => stream.enqueue(chunk));
        if (closed) stream.close();
        closed = false;
      }
      if (nodes.length) setTimeout(step, 0);
    };
    step();
  };
  const hydrated = (el: Element) => Object.keys(el).some((k) => k.indexOf("__reactProps") === 0);
  /** Runs fn once the page has loaded (at once if it has). */
  const onLoad = (fn: () => void) =>
    d.readyState === "complete" ? fn() : w.addEventListener("load", fn, { once: true });

  // Forms sent from a dead spot, and the busy label of native posts: keepFormsOffline, appended to this script.
  // The code form's submit button is disabled while the input is empty.
  d.querySelectorAll<HTMLInputElement>("input[data-code-input]").forEach((input) => {
    const button = input.form?.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!button) return;
    const sync = () => {
      if (!booted()) button.disabled = input.value.trim() === "";
    };
    input.addEventListener("input", sync);
    sync();
  });
  /** Runs fn once the page has been painted (its first contentful paint), at once where the browser cannot tell. */
  const afterFirstPaint = (fn: () => void) => {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (
      painted() ||
      typeof PerformanceObserver === "undefined" ||
      !(PerformanceObserver.supportedEntryTypes ?? []).includes("paint")
    )
      return fn();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      fn();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  // After a claim: show the success message, then go on (replacing it, so Back skips it). Its time counts from
  // when it is on screen: on a slow phone the page may paint well after this script has run.
  const done = d.querySelector("[data-redirect-to]");
  if (done) {
    afterFirstPaint(() =>
      setTimeout(
        () => {
          if (!booted()) location.replace(done.getAttribute("data-redirect-to") ?? "/profile");
        },
        Number(done.getAttribute("data-redirect-after") ?? 1500),
      ),
    );
  }
  // Passkey buttons wait hidden until the browser is known to do passkeys; controls that only work with JavaScript (share) until now.
  if (typeof PublicKeyCredential === "function")
    d.querySelectorAll("[data-passkey]").forEach((el) => el.removeAttribute("hidden"));
  d.querySelectorAll("[data-js-only]").forEach((el) => el.removeAttribute("hidden"));
  // Controls that need React (menu and dialog triggers, passkey buttons): start the app on first use and replay the click.
  const needsApp = (t: EventTarget | null) =>
    t instanceof Element ? t.closest("[aria-haspopup],[data-needs-app]") : null;
  d.addEventListener("pointerdown", (e) => needsApp(e.target) && boot(), true);
  d.addEventListener(
    "click",
    (e) => {
      const control = needsApp(e.target);
      if (!control || hydrated(control)) return;
      e.preventDefault();
      e.stopPropagation();
      boot();
      const started = Date.now();
      const replay = () => {
        if (hydrated(control)) (control as HTMLElement).click();
        else if (Date.now() - started < 15_000) setTimeout(replay, 50);
      };
      replay();
    },
    true,
  );
  // A field that reacts while typing (the gallery's search) starts the app as it gets the focus; what is typed meanwhile stays in the field.
  d.addEventListener(
    "focusin",
    (e) => e.target instanceof Element && e.target.closest("[data-starts-app]") && boot(),
    true,
  );
  // The landing's hero video: started after load and idle (not with reduced motion or Save-Data), its button works before the app.
  const hero = d.querySelector<HTMLVideoElement>("video[data-hero-video]");
  const heroToggle = d.querySelector<HTMLButtonElement>("[data-hero-toggle]");
  if (hero && heroToggle) {
    const startHero = () => {
      if (!hero.hasAttribute("data-started")) {
        hero.setAttribute("data-started", "");
        hero.src = hero.getAttribute(hero.canPlayType("video/webm") ? "data-src-webm" : "data-src-mp4") ?? "";
      }
      hero.play().catch(() => {});
    };
    const label = () => {
      if (booted()) return;
      const playing = !hero.paused;
      heroToggle.setAttribute("aria-pressed", String(playing));
      const text = heroToggle.getAttribute(playing ? "data-label-pause" : "data-label-play") ?? "";
      heroToggle.setAttribute("aria-label", text);
      heroToggle.title = text;
      if (playing) hero.style.opacity = "1";
    };
    hero.addEventListener("playing", label);
    hero.addEventListener("pause", label);
    heroToggle.removeAttribute("hidden");
    heroToggle.addEventListener("click", (e) => {
      if (booted()) return;
      e.stopImmediatePropagation();
      if (hero.paused) startHero();
      else hero.pause();
    });
    const quiet =
      matchMedia("(prefers-reduced-motion: reduce)").matches ||
      (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (!quiet && !afterLoad) {
      const idle = (fn: () => void) => ("requestIdleCallback" in w ? w.requestIdleCallback(fn) : setTimeout(fn, 200));
      onLoad(() => idle(() => !booted() && startHero()));
    }
  }
  // A countdown ticks until the app starts (React's countdown takes over the same text).
  const pad = (n: number) => String(n).padStart(2, "0");
  let refreshLive = () => {};
  const startCountdowns = (root: ParentNode) =>
    root.querySelectorAll<HTMLElement>("[data-countdown-to]").forEach((el) => {
      const clock = el.querySelector("[data-countdown-clock]");
      const target = Date.parse(el.getAttribute("data-countdown-to") ?? "");
      const offset = Number(el.getAttribute("data-server-now")) - Date.now();
      if (!clock || !target) return;
      const tick = () => {
        if (booted()) return clearInterval(timer);
        const s = Math.max(0, Math.ceil((target - (Date.now() + offset)) / 1000));
        if (s <= 0) {
          clearInterval(timer);
          clock.textContent = el.getAttribute("data-starting") ?? "";
          // the drop stream below refreshes the page when it is live; without a stream place, ask once more a little later
          setTimeout(() => refreshLive(), 8_000 + Math.random() * 4_000);
          return;
        }
        const days = Math.floor(s / 86_400);
        const text = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
        const label = el.getAttribute(days === 1 ? "data-days-one" : "data-days-other") ?? "#";
        clock.textContent = days > 0 ? `${label.replace("#", String(days))} ${text}` : text;
      };
      const timer = setInterval(tick, 1000);
      tick();
    });
  startCountdowns(d);
  // Parts of a page that change with a drop ([data-live]: the landing's drop, a drop page) follow the drop stream
  // before the app has started: the page is fetched again (the public page cache answers every phone with one
  // render) and those parts are replaced, which is lighter on a phone than starting the app for it. When the app
  // starts, the parts as they were rendered come back for hydration, and the app reloads its data at once.
  const replaced: [Element, Element][] = [];
  let refreshing = false;
  let again = false;
  refreshLive = async () => {
    if (booted()) return;
    if (refreshing) return void (again = true);
    refreshing = true;
    try {
      const res = await fetch(location.href, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { accept: "text/html" },
      });
      const next = res.ok ? new DOMParser().parseFromString(await res.text(), "text/html") : null;
      if (next && !booted()) {
        d.querySelectorAll("[data-live]").forEach((el) => {
          const fresh = next.querySelector(`[data-live="${el.getAttribute("data-live")}"]`);
          if (!fresh) return;
          const node = d.importNode(fresh, true);
          const original = replaced.find(([current]) => current === el);
          if (original) original[0] = node;
          else replaced.push([node, el]);
          el.replaceWith(node);
          startCountdowns(node);
        });
      }
    } catch {
      // offline for a moment: the next event tries again
    }
    refreshing = false;
    if (again) {
      again = false;
      void refreshLive();
    }
  };
  w.addEventListener(
    "booneesboot",
    () => {
      if (!replaced.length) return;
      replaced.forEach(([current, original]) => current.replaceWith(original));
      (w as Window & { __booneesDropPending?: boolean }).__booneesDropPending = true;
    },
    { once: true },
  );
  if (d.querySelector("[data-live]") && typeof EventSource === "function" && !afterLoad) {
    const live = new EventSource("/api/drop-events");
    live.addEventListener("ready", () => d.documentElement.setAttribute("data-drop-stream", "connected"));
    live.addEventListener("drop", () => void refreshLive());
    w.addEventListener("booneesboot", () => live.close(), { once: true });
  }
  // The installable app's service worker (push, the offline page) registers after load also where the app never starts
  // (entry.client.tsx does the same once it runs; registering twice is harmless).
  if ("serviceWorker" in navigator) {
    onLoad(() => void navigator.serviceWorker.register("/sw.js").catch(() => {}));
  }
  // After load: start once the page has loaded and has been painted (the first contentful paint,
  // then one more frame for images decoded at load), so the scripts never hold back what is seen first.
  if (afterLoad) onLoad(() => afterFirstPaint(() => requestAnimationFrame(() => setTimeout(boot, 0))));
}
