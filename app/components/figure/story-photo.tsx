import { useTranslation } from "~/lib/use-translation";

/** A finder photo at card size (the upload pipeline stores "<key>-card.webp" next to "<key>.webp"). */
export function StoryPhoto({
  url,
  title,
  number,
  className,
}: {
  url: string;
  title: string;
  number: number;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <img
      src={url.replace(/\.webp$/, "-card.webp")}
      alt={t("story.photoAlt", { title, number })}
      loading="lazy"
      className={className}
    />
  );
}
