import { DownloadIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

/** A CSV download (a plain link: the file comes from a resource route, not a page). */
export function CsvLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <a href={href} download aria-label={`${t("admin.csv.download")}: ${label}`}>
        <DownloadIcon /> {t("admin.csv.download")}
      </a>
    </Button>
  );
}
