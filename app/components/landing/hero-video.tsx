import { PauseIcon, PlayIcon } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

import { useTranslation } from "~/lib/use-translation";

const noop = () => () => {};

export const HERO_POSTER = "/images/landing/hero-poster.svg";
const HERO_WEBM = "/video/hero.webm";
const HERO_MP4 = "/video/hero.mp4";

/**
 * The hero's looping animation. The poster is a plain <img> (the page's largest paint, loaded with
 * high priority); the video's sources are attached only after the page has loaded and the browser is
 * idle, so the video never delays the first paint. With prefers-reduced-motion (or Save-Data) it does
 * not start by itself; the button plays or pauses it at any time.
 */
export function HeroVideo() {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [attached, setAttached] = useState(false);
  const [playing, setPlaying] = useState(false);
  // the page's inline script may have started the video before the app (decision 025): then it stays as it is
  const startedByPage = useRef(false);
  // true once hydrated: without JavaScript there is no button that could not work (the inline script shows it earlier)
  const ready = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

  useEffect(() => {
    const el = video.current;
    if (el?.hasAttribute("data-started")) {
      startedByPage.current = true;
      setPlaying(!el.paused);
      return;
    }
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    if (reduce || saveData) return;
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
      idle(() => !cancelled && setAttached(true));
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", start);
    };
  }, []);

  useEffect(() => {
    const el = video.current;
    if (!attached || !el) return;
    el.load();
    el.play().catch(() => setPlaying(false));
  }, [attached]);

  const toggle = () => {
    const el = video.current;
    if (startedByPage.current && el) {
      if (el.paused) el.play().catch(() => {});
      else el.pause();
      return;
    }
    if (!attached) {
      setAttached(true);
      return;
    }
    if (!el) return;
    if (el.paused) el.play().catch(() => {});
    else el.pause();
  };

  return (
    <>
      <img
        src={HERO_POSTER}
        alt=""
        width={1280}
        height={720}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 size-full object-cover object-[50%_80%]"
      />
      <video
        ref={video}
        muted
        loop
        playsInline
        preload="none"
        poster={HERO_POSTER}
        data-hero-video
        data-src-webm={HERO_WEBM}
        data-src-mp4={HERO_MP4}
        aria-label={t("landing.hero.videoLabel")}
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className={`absolute inset-0 size-full object-cover object-[50%_80%] transition-opacity duration-700 ${playing ? "opacity-100" : "opacity-0"}`}
      >
        {attached && (
          <>
            <source src={HERO_WEBM} type="video/webm" />
            <source src={HERO_MP4} type="video/mp4" />
          </>
        )}
      </video>
      <button
        type="button"
        onClick={toggle}
        hidden={!ready}
        aria-pressed={playing}
        aria-label={playing ? t("landing.hero.pause") : t("landing.hero.play")}
        title={playing ? t("landing.hero.pause") : t("landing.hero.play")}
        data-hero-toggle
        data-label-play={t("landing.hero.play")}
        data-label-pause={t("landing.hero.pause")}
        className="group absolute right-4 bottom-4 z-20 inline-flex size-11 items-center justify-center rounded-full bg-ink/60 text-paper backdrop-blur hover:bg-ink/80 focus-visible:outline-paper [&[hidden]]:hidden"
        data-testid="hero-video-toggle"
      >
        <PlayIcon aria-hidden="true" className="size-5 group-aria-pressed:hidden" />
        <PauseIcon aria-hidden="true" className="hidden size-5 group-aria-pressed:block" />
      </button>
    </>
  );
}
