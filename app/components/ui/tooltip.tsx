import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";

import { Slot } from "~/components/ui/slot";
import { cn } from "~/lib/utils";

/** The spec's tooltip timing: open after 700 ms, 300 ms skip delay when moving between tooltips. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

/**
 * The collapsed admin sidebar's labels (its only tooltips), without Radix's tooltip and its positioning
 * library (12 KB of every admin page, decision 056): one side (right of the trigger), opened by a resting
 * pointer after the delay, at once when moving from another tooltip within the skip delay, or by focus;
 * closed by leaving, blur or Escape. Touch never opens one (a tap is a click), as with Radix.
 */
interface Timing {
  delay: number;
  skipDelay: number;
  lastClosed: { current: number };
}
const TimingContext = createContext<Timing>({
  delay: TOOLTIP_DELAY,
  skipDelay: TOOLTIP_SKIP_DELAY,
  lastClosed: { current: 0 },
});

export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY,
  skipDelayDuration = TOOLTIP_SKIP_DELAY,
  children,
}: {
  delayDuration?: number;
  skipDelayDuration?: number;
  children: ReactNode;
}) {
  const lastClosed = useRef(0);
  const timing = useMemo(
    () => ({ delay: delayDuration, skipDelay: skipDelayDuration, lastClosed }),
    [delayDuration, skipDelayDuration],
  );
  return <TimingContext.Provider value={timing}>{children}</TimingContext.Provider>;
}

interface TooltipState {
  id: string;
  open: boolean;
  trigger: { current: HTMLElement | null };
  show: (now: boolean) => void;
  hide: () => void;
}
const TooltipContext = createContext<TooltipState | null>(null);

function useTooltip() {
  const tooltip = useContext(TooltipContext);
  if (!tooltip) throw new Error("a tooltip's parts belong inside <Tooltip>");
  return tooltip;
}

export function Tooltip({ children }: { children: ReactNode }) {
  const { delay, skipDelay, lastClosed } = useContext(TimingContext);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trigger = useRef<HTMLElement | null>(null);
  const id = useId();
  const show = useCallback(
    (now: boolean) => {
      clearTimeout(timer.current);
      if (now || performance.now() - lastClosed.current < skipDelay) setOpen(true);
      else timer.current = setTimeout(() => setOpen(true), delay);
    },
    [delay, skipDelay, lastClosed],
  );
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosed.current = performance.now();
      return false;
    });
  }, [lastClosed]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const state = useMemo(() => ({ id, open, trigger, show, hide }), [id, open, show, hide]);
  return <TooltipContext.Provider value={state}>{children}</TooltipContext.Provider>;
}

export function TooltipTrigger({ children }: { asChild?: boolean; children: ReactElement }) {
  const { id, open, trigger, show, hide } = useTooltip();
  return (
    <Slot
      ref={(node: HTMLElement | null) => void (trigger.current = node)}
      aria-describedby={open ? id : undefined}
      onPointerEnter={(event: PointerEvent) => event.pointerType !== "touch" && show(false)}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={() => show(true)}
      onBlur={hide}
      onKeyDown={(event: KeyboardEvent) => event.key === "Escape" && hide()}
    >
      {children}
    </Slot>
  );
}

export function TooltipContent({
  className,
  sideOffset = 6,
  hidden,
  children,
}: {
  side?: "right";
  align?: "center";
  sideOffset?: number;
  hidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { id, open, trigger } = useTooltip();
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const visible = open && !hidden;
  useLayoutEffect(() => {
    const rect = visible ? trigger.current?.getBoundingClientRect() : undefined;
    setPlace(rect ? { left: rect.right + sideOffset, top: rect.top + rect.height / 2 } : null);
  }, [visible, sideOffset, trigger]);
  if (!visible || !place) return null;
  return createPortal(
    <div
      id={id}
      role="tooltip"
      data-slot="tooltip-content"
      style={{ left: place.left, top: place.top }}
      className={cn(
        "pointer-events-none fixed z-50 -translate-y-1/2 rounded-lg bg-ink px-3 py-1.5 text-xs font-bold text-white shadow-md",
        className,
      )}
    >
      {children}
      <span aria-hidden className="absolute top-1/2 -left-1 size-2 -translate-y-1/2 rotate-45 bg-ink" />
    </div>,
    document.body,
  );
}
