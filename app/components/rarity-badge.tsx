import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/lib/use-translation";

const ICON: Record<string, string> = { Common: "●", Uncommon: "◆", Rare: "✦", Epic: "✸", Legendary: "♛" };

export function RarityBadge({ rarity, className }: { rarity: string; className?: string }) {
  const { t } = useTranslation();
  const variant = (
    ["Common", "Uncommon", "Rare", "Epic", "Legendary"].includes(rarity) ? rarity : "secondary"
  ) as "Common";
  return (
    <Badge variant={variant} className={className}>
      <span aria-hidden="true">{ICON[rarity] ?? "•"}</span> {t(`common.rarity.${rarity}`, { defaultValue: rarity })}
    </Badge>
  );
}
