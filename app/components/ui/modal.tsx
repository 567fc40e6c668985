import { XIcon } from "lucide-react";
import {
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from "react";

import { useTranslation } from "~/lib/use-translation";

import { Slot } from "./slot";

/**
 * A modal on the browser's own <dialog> (decision 056): showModal() keeps focus inside, makes the page behind inert,
 * closes on Escape and gives focus back on close, with none of a dialog library's JavaScript. The dialog, alert
 * dialog and sheet of app/components/ui are its styles; the API is the one they had (Root, Trigger, Close, Content,
 * Title, Description; open or defaultOpen with onOpenChange). Like before, the content is rendered only while open.
 */
/** The backdrop of every modal (the <dialog>'s ::backdrop). */
export const BACKDROP = "backdrop:bg-ink/50 backdrop:backdrop-blur-[2px]";

interface ModalState {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
}
const ModalContext = createContext<ModalState | null>(null);

function useModal() {
  const modal = useContext(ModalContext);
  if (!modal) throw new Error("a modal's part outside its root");
  return modal;
}

export function ModalRoot({
  open: controlled,
  defaultOpen = false,
  onOpenChange,
  children,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const open = controlled ?? uncontrolled;
  const titleId = useId();
  const descriptionId = useId();
  const setOpen = (next: boolean) => {
    if (next === open) return;
    if (controlled === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  return <ModalContext.Provider value={{ open, setOpen, titleId, descriptionId }}>{children}</ModalContext.Provider>;
}

type ButtonProps = ComponentProps<"button"> & { asChild?: boolean };

function ModalButton({ asChild, onClick, to, ...props }: ButtonProps & { to: boolean }) {
  const { open, setOpen } = useModal();
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      type="button"
      {...(to ? { "aria-haspopup": "dialog" as const, "aria-expanded": open } : {})}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(to);
      }}
    />
  );
}

export const ModalTrigger = (props: ButtonProps) => <ModalButton {...props} to />;
export const ModalClose = (props: ButtonProps) => <ModalButton {...props} to={false} />;

/** The round × in a dialog's or sheet's top corner, named "Schließen"/"Close" for screen readers. */
export function ModalCloseCorner() {
  const { t } = useTranslation();
  return (
    <ModalClose className="absolute top-4 right-4 rounded-full p-1 opacity-70 hover:opacity-100">
      <XIcon className="size-5" />
      <span className="sr-only">{t("common.close")}</span>
    </ModalClose>
  );
}

export function ModalContent({
  dismissible = true,
  onCloseAutoFocus,
  children,
  ...props
}: Omit<ComponentProps<"dialog">, "open"> & {
  /** A click on the backdrop closes it (an alert dialog: only its buttons and Escape do). */
  dismissible?: boolean;
  /** After it closed; `preventDefault()` keeps the focus where the handler puts it. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { open, setOpen, titleId, descriptionId } = useModal();
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const closedRef = useRef(onCloseAutoFocus);
  closedRef.current = onCloseAutoFocus;
  // rendered in the browser only (as a dialog library's portal was): the server's HTML has no closed dialog to show.
  // A layout effect, as that portal's: the content is there before the effects of the dialog's owner run (a scanner
  // that reaches for its <video> at once).
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  const show = mounted && open;
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!show || !dialog) return;
    if (!dialog.open) dialog.showModal();
    // named and described by its title and description where it has them (and the caller named no other)
    for (const [attribute, id] of [
      ["aria-labelledby", titleId],
      ["aria-describedby", descriptionId],
    ] as const)
      if (!(attribute in props) && dialog.querySelector(`[id="${id}"]`)) dialog.setAttribute(attribute, id);
    return () => {
      if (dialog.open) dialog.close(); // before React removes it, so the browser gives the focus back
      closedRef.current?.(new Event("closeautofocus", { cancelable: true }));
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per opening; the ids never change
  }, [show]);
  if (!show) return null;
  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- a click on the backdrop; on a keyboard, Escape closes
    <dialog
      ref={ref}
      {...props}
      // Escape (the browser's cancel) or a close of the browser's own: the state follows
      onClose={() => openRef.current && setOpen(false)}
      onClick={(event) => {
        if (!dismissible || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) setOpen(false); // a click on the backdrop
      }}
    >
      {children}
    </dialog>
  );
}

export function ModalTitle(props: ComponentProps<"h2">) {
  return <h2 id={useModal().titleId} {...props} />;
}

export function ModalDescription(props: ComponentProps<"p">) {
  return <p id={useModal().descriptionId} {...props} />;
}
