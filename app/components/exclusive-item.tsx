import { ExternalLinkIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

export interface ExclusiveItemData {
  id: string;
  title: string;
  description: string | null;
  contentType: string;
  url: string | null;
}

/** One piece of exclusive content, rendered by its type: video, image, link, text or document. */
export function ExclusiveMedia({ item }: { item: ExclusiveItemData }) {
  const { t } = useTranslation();
  if (!item.url) return null;
  if (item.contentType === "video")
    return (
      <video
        src={item.url}
        controls
        playsInline
        preload="metadata"
        className="aspect-video w-full rounded-xl bg-ink"
        aria-label={item.title}
      />
    );
  if (item.contentType === "image")
    return <img src={item.url} alt={item.title} loading="lazy" className="w-full rounded-xl object-cover" />;
  if (item.contentType === "text" || item.contentType === "news") return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={item.url} target="_blank" rel="noopener noreferrer">
        <ExternalLinkIcon /> {item.contentType === "document" ? t("exclusiveItem.openDocument") : t("exclusiveItem.openLink")}
      </a>
    </Button>
  );
}

export function ContentTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  return <Badge variant="secondary">{t(`exclusiveItem.type.${type}`, { defaultValue: type })}</Badge>;
}
