import { BellIcon, GiftIcon } from "lucide-react";
import { useEffect, useState } from "react";

import { ContentTypeBadge, ExclusiveMedia } from "~/components/exclusive-item";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

export interface BroadcastDraft {
  title: string;
  message: string;
  contentType: string;
  linkUrl: string;
  file: File | null;
}

const EMPTY: BroadcastDraft = { title: "", message: "", contentType: "news", linkUrl: "", file: null };

/** The broadcast form's current values, read on every change (for the live preview). */
export function useBroadcastDraft() {
  const [draft, setDraft] = useState<BroadcastDraft>(EMPTY);
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const file = form.get("file");
    setDraft({
      title: text("title").slice(0, 200),
      message: text("message").slice(0, 2000),
      contentType: text("contentType") || "news",
      linkUrl: text("linkUrl"),
      file: file instanceof File && file.size > 0 ? file : null,
    });
  };
  return { draft, onChange };
}

/** A local address for the picked file, released when the file changes or the preview goes. */
function useFileUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * What owners will see, before it is sent: the notification in their inbox and the card in their
 * exclusive area, drawn with the same parts as those pages.
 */
export function BroadcastPreview({ draft }: { draft: BroadcastDraft }) {
  const { t } = useTranslation();
  const fileUrl = useFileUrl(draft.contentType === "image" || draft.contentType === "video" ? draft.file : null);
  const url = draft.contentType === "link" ? draft.linkUrl || null : fileUrl;
  const title = draft.title || t("admin.broadcast.preview.noTitle");
  const message = draft.message || t("admin.broadcast.preview.noMessage");
  return (
    <section
      aria-labelledby="broadcast-preview-title"
      className="grid gap-3 rounded-2xl border-2 border-dashed border-grape/30 bg-grape-light/20 p-4"
      data-testid="broadcast-preview"
    >
      <h2 id="broadcast-preview-title" className="font-display text-lg font-bold">
        {t("admin.broadcast.preview.title")}
      </h2>
      <div className="grid gap-1">
        <p className="text-xs font-bold tracking-wide text-muted-foreground uppercase">
          {t("admin.broadcast.preview.notification")}
        </p>
        <div className="flex gap-3 rounded-xl border-2 border-ink/10 bg-white p-3" data-testid="preview-notification">
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-grape-light text-grape"
          >
            <GiftIcon className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="font-bold wrap-anywhere">{title}</p>
            <p className="line-clamp-3 text-sm wrap-anywhere text-ink-soft">{message}</p>
          </div>
          <BellIcon aria-hidden="true" className="ml-auto size-4 shrink-0 text-muted-foreground" />
        </div>
      </div>
      <div className="grid gap-1">
        <p className="text-xs font-bold tracking-wide text-muted-foreground uppercase">
          {t("admin.broadcast.preview.card")}
        </p>
        <article className="grid gap-2 rounded-xl border-2 border-ink/10 bg-white p-3" data-testid="preview-card">
          <div className="flex items-center gap-2">
            <ContentTypeBadge type={draft.contentType} />
          </div>
          <h3 className="font-display text-lg font-bold wrap-anywhere">{title}</h3>
          <p className="text-sm whitespace-pre-line wrap-anywhere">{message}</p>
          {url ? (
            <ExclusiveMedia
              item={{ id: "preview", title, description: message, contentType: draft.contentType, url }}
            />
          ) : (
            draft.contentType !== "news" && (
              <p className="text-sm font-semibold text-destructive" data-testid="preview-missing">
                {t(dataKey(`admin.broadcast.preview.missing.${draft.contentType}`))}
              </p>
            )
          )}
        </article>
      </div>
    </section>
  );
}
