import { CheckCircle2Icon, CopyIcon, DownloadIcon, EyeIcon, PrinterIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";

import { copyText } from "./copy";

/** After Create Boonee or a replaced code: the short claim URL with a copy button, its QR code (SVG inline, PNG/SVG downloads). */
export function ClaimUrlResult({
  id,
  name,
  code,
  claimUrl,
  qrSvg,
  qrPng,
  title,
  intro,
}: {
  id: string;
  name: string;
  code: string;
  claimUrl: string;
  qrSvg: string;
  qrPng: string;
  title?: string;
  intro?: string;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new result: bring it into view and announce it (on phones it is below the long form).
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const copy = async () => {
    if (await copyText(claimUrl)) toast.success(() => t("admin.create.urlCopied"));
  };
  return (
    <Card className="scroll-mt-24 border-slime/40" data-testid="create-result">
      <CardHeader>
        <CardTitle className="flex scroll-mt-24 items-center gap-2 outline-none" ref={heading} tabIndex={-1}>
          <CheckCircle2Icon className="size-5 text-slime" aria-hidden="true" /> {title ?? t("admin.create.resultTitle")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{intro ?? t("admin.create.resultIntro", { name })}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor="claim-url" className="text-sm font-bold">
            {t("admin.create.claimUrl")}
          </label>
          <div className="flex gap-2">
            <Input
              id="claim-url"
              readOnly
              value={claimUrl}
              className="font-mono text-sm"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="claim-url"
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={copy}
              aria-label={t("admin.create.copyUrl")}
              title={t("admin.create.copyUrl")}
            >
              <CopyIcon />
            </Button>
          </div>
        </div>
        <figure className="grid justify-items-center gap-2">
          <img
            src={qrSvg}
            alt={t("admin.create.qrAlt", { url: claimUrl })}
            width={192}
            height={192}
            className="size-48 rounded-xl border-2 border-ink/10 bg-white p-2"
            data-testid="claim-qr"
          />
          <figcaption className="font-mono text-xs text-muted-foreground">{code}</figcaption>
        </figure>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={qrPng} download={`boonee-${code}.png`}>
              <DownloadIcon /> {t("admin.create.downloadPng")}
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={qrSvg} download={`boonee-${code}.svg`}>
              <DownloadIcon /> {t("admin.create.downloadSvg")}
            </a>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={`/boonee/${id}`}>
              <EyeIcon /> {t("admin.boonees.view")}
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/labels?ids=${id}`}>
              <PrinterIcon /> {t("admin.create.printLabel")}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
