import { cn } from "~/lib/utils";

/**
 * A figure's square picture, or the placeholder monster when it has none (spec: placeholder emoji).
 * Uploaded images are stored as WebP in two sizes: "<key>.webp" (detail) and "<key>-card.webp" (cards).
 */
export function FigureImage({
  src,
  alt,
  size = "card",
  priority = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  size?: "card" | "detail";
  priority?: boolean;
  className?: string;
}) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          "flex aspect-square w-full items-center justify-center bg-gradient-to-br from-grape-light via-paper to-slime-light",
          className,
        )}
      >
        <span aria-hidden="true" className={size === "detail" ? "text-8xl" : "text-6xl"}>
          👾
        </span>
      </div>
    );
  }
  const cardSrc =
    size === "card" && src.startsWith("/uploads/") && src.endsWith(".webp")
      ? src.replace(/\.webp$/, "-card.webp")
      : src;
  return (
    <img
      src={cardSrc}
      alt={alt}
      width={size === "detail" ? 800 : 400}
      height={size === "detail" ? 800 : 400}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={cn("aspect-square w-full bg-paper-deep object-cover", className)}
    />
  );
}
