import { LightbulbIcon } from "lucide-react";

import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/use-translation";

/** What to keep in mind before sending, beside the form. */
export function TipsCard() {
  const { t } = useTranslation();
  return (
    <Card className="content-start self-start bg-gold-light/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LightbulbIcon className="size-5 text-gold" aria-hidden="true" /> {t("broadcast.tips.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          <li>{t("broadcast.tips.audience")}</li>
          <li>{t("broadcast.tips.once")}</li>
          <li>{t("broadcast.tips.types")}</li>
          <li>{t("broadcast.tips.files")}</li>
          <li>{t("broadcast.tips.live")}</li>
        </ul>
      </CardContent>
    </Card>
  );
}
