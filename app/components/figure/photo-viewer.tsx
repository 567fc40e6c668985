import { ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";

import { useTranslation } from "~/lib/use-translation";

/** A finder photo as the viewer shows it: its story's title and its number there name it. */
export interface ViewerPhoto {
  id: string;
  url: string;
  title: string;
  /** its story's language (the finder's), for the caption */
  lang: string;
  number: number;
}

/** The address parameter that opens the viewer on one photo (`?photo=<id>`). */
export const PHOTO_PARAM = "photo";

/** Opened from a thumbnail in the app: closing goes back one step instead of adding one. */
type ViewerState = { photoViewer?: boolean } | null;

/** The anchor of a photo's thumbnail on the page: closing the viewer brings the reader back to it. */
export const photoAnchor = (id: string) => `photo-${id}`;

/**
 * A finder photo in a viewer rather than as a bare file: a dialog over the figure page with the photo,
 * "2 of 5", previous / next and close. Its state is the address (`?photo=<id>`), so every control is a
 * link: without JavaScript the server renders it open and each link loads the page again; with the app
 * it is a modal <dialog> (focus kept inside, Esc closes, ← and → page), and Back closes it.
 */
export function PhotoViewer({ photos }: { photos: ViewerPhoto[] }) {
  const [params] = useSearchParams();
  const index = photos.findIndex((p) => p.id === params.get(PHOTO_PARAM));
  if (index < 0) return null;
  return <OpenViewer photos={photos} index={index} />;
}

function OpenViewer({ photos, index }: { photos: ViewerPhoto[]; index: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = photos[index];
  const previous = photos[(index - 1 + photos.length) % photos.length];
  const next = photos[(index + 1) % photos.length];
  const state = location.state as ViewerState;
  const hrefOf = (id: string) => {
    const search = new URLSearchParams(location.search);
    search.set(PHOTO_PARAM, id);
    return `?${search}`;
  };
  const closed = new URLSearchParams(location.search);
  closed.delete(PHOTO_PARAM);
  const rest = closed.toString();
  const closeHref = `${location.pathname}${rest ? `?${rest}` : ""}#${photoAnchor(photo.id)}`;

  // With the app, the server's open (non-modal) dialog becomes modal: the page behind is inert, focus stays inside.
  useEffect(() => {
    const el = dialog.current;
    if (!el || el.matches(":modal")) return;
    if (el.open) el.close();
    el.showModal();
  }, []);
  // Closed (Esc, the close button, Back): focus goes back to the thumbnail of the photo last shown.
  const shown = useRef(photo.id);
  shown.current = photo.id;
  useEffect(
    () => () => {
      if (document.activeElement === document.body || !document.activeElement)
        document.getElementById(photoAnchor(shown.current))?.focus();
    },
    [],
  );

  const close = () => {
    if (state?.photoViewer) void navigate(-1);
    else void navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  const go = (id: string) => void navigate(hrefOf(id), { replace: true, preventScrollReset: true, state });

  const many = photos.length > 1;
  const control =
    "flex size-12 shrink-0 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white";
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="photo-viewer-title"
      aria-describedby="photo-viewer-caption"
      data-testid="photo-viewer"
      className="fixed inset-0 z-50 m-0 grid h-dvh max-h-none w-full max-w-none grid-rows-[auto_minmax(0,1fr)_auto] bg-ink/95 p-0 text-white backdrop:bg-ink/80"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={(e) => {
        if (!many || e.altKey || e.ctrlKey || e.metaKey) return;
        if (e.key === "ArrowLeft") go(previous.id);
        else if (e.key === "ArrowRight") go(next.id);
      }}
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-4">
        <h2 id="photo-viewer-title" className="font-display text-lg font-bold">
          {t("story.viewer.position", { number: index + 1, count: photos.length })}
        </h2>
        <Link
          to={closeHref}
          replace
          preventScrollReset
          aria-label={t("common.close")}
          className={control}
          onClick={(e) => {
            e.preventDefault();
            close();
          }}
        >
          <XIcon aria-hidden="true" className="size-6" />
        </Link>
      </div>
      <div className="flex min-h-0 items-center justify-center gap-2 px-2 py-3 sm:px-4">
        {many && (
          <PageLink to={hrefOf(previous.id)} state={state} label={t("story.viewer.previous")} className={control}>
            <ChevronLeftIcon aria-hidden="true" className="size-7" />
          </PageLink>
        )}
        <img
          key={photo.id}
          src={photo.url}
          alt={t("story.photoAlt", { title: photo.title, number: photo.number })}
          className="max-h-full min-h-0 max-w-full min-w-0 flex-1 rounded-xl object-contain"
        />
        {many && (
          <PageLink to={hrefOf(next.id)} state={state} label={t("story.viewer.next")} className={control}>
            <ChevronRightIcon aria-hidden="true" className="size-7" />
          </PageLink>
        )}
      </div>
      <p id="photo-viewer-caption" className="px-4 pb-5 text-center text-sm text-white/85">
        {/* the story's title, in the language its finder wrote it in */}
        <span lang={photo.lang} className="font-semibold wrap-anywhere">
          {photo.title}
        </span>
        {many && <span className="ml-2 hidden sm:inline">{t("story.viewer.keys")}</span>}
      </p>
    </dialog>
  );
}

/** Previous / next: the viewer's own address with another photo, in place of this one (Back still closes the viewer). */
function PageLink({
  to,
  state,
  label,
  className,
  children,
}: {
  to: string;
  state: ViewerState;
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Link to={to} replace preventScrollReset state={state} aria-label={label} className={className}>
      {children}
    </Link>
  );
}
