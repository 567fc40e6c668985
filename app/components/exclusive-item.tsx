import { ExternalLinkIcon } from "lucide-react";
import type * as React from "react";

import { textIn } from "#shared/content-language.ts";
import { ContentText, needsOwnMark, useInLanguage, usePageLang } from "~/components/content-text";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

export interface ExclusiveItemData {
  id: string;
  title: string;
  description: string | null;
  titleEn?: string | null;
  descriptionEn?: string | null;
  contentType: string;
  url: string | null;
}

/** One piece of exclusive content, rendered by its type: video, image, link, text or document. */
export function ExclusiveMedia({ item }: { item: ExclusiveItemData }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  if (!item.url) return null;
  const title = textIn(item.title, item.titleEn, lang);
  if (item.contentType === "video")
    return (
      <video
        src={item.url}
        controls
        playsInline
        preload="metadata"
        className="aspect-video w-full rounded-xl bg-ink"
        aria-label={title}
      />
    );
  if (item.contentType === "image")
    return <img src={item.url} alt={title} loading="lazy" className="w-full rounded-xl object-cover" />;
  if (item.contentType === "text" || item.contentType === "news") return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={item.url} target="_blank" rel="noopener noreferrer">
        <ExternalLinkIcon />{" "}
        {item.contentType === "document" ? t("exclusiveItem.openDocument") : t("exclusiveItem.openLink")}
      </a>
    </Button>
  );
}

export function ContentTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  return <Badge variant="secondary">{t(`exclusiveItem.type.${type}`, { defaultValue: type })}</Badge>;
}

/** An item's title and text in the page's language (German, marked, where no English was written). */
export function ExclusiveTexts({
  item,
  titleAs,
  titleClassName,
  textClassName,
  children,
}: {
  item: ExclusiveItemData;
  /** Shown between the title and the text (the date). */
  children?: React.ReactNode;
  titleAs: "h2" | "h3";
  titleClassName: string;
  textClassName: string;
}) {
  const pick = useInLanguage();
  const page = usePageLang();
  const title = pick(item.title, item.titleEn);
  const text = pick(item.description, item.descriptionEn);
  return (
    <>
      {title && <ContentText as={titleAs} value={title} className={titleClassName} />}
      {children}
      {text && <ContentText as="p" value={text} marked={needsOwnMark(title, text, page)} className={textClassName} />}
    </>
  );
}
