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
          <LightbulbIcon className="size-5 text-gold" aria-hidden="true" /> {t("admin.broadcast.tips.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          <li>{t("admin.broadcast.tips.audience")}</li>
          <li>{t("admin.broadcast.tips.once")}</li>
          <li>{t("admin.broadcast.tips.types")}</li>
          <li>{t("admin.broadcast.tips.files")}</li>
          <li>{t("admin.broadcast.tips.live")}</li>
        </ul>
      </CardContent>
    </Card>
  );
}
