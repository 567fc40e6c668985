import { NfcIcon, QrCodeIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

// Loaded only when a button is used: scanning costs nothing on first paint. The buttons open a dialog
// (aria-haspopup), so on a page that starts the app on demand their first tap starts it (deferred-scripts).
const ScanDialog = lazy(() => import("./scan-dialog"));

export function ScanButtons() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"nfc" | "qr" | null>(null);
  return (
    <div className="grid gap-3 min-[400px]:grid-cols-2">
      <Button type="button" variant="outline" aria-haspopup="dialog" onClick={() => setMode("nfc")}>
        <NfcIcon /> {t("claim.scan.nfc")}
      </Button>
      <Button type="button" variant="outline" aria-haspopup="dialog" onClick={() => setMode("qr")}>
        <QrCodeIcon /> {t("claim.scan.qr")}
      </Button>
      {mode && (
        <Suspense fallback={null}>
          <ScanDialog mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </div>
  );
}
