import { CheckIcon, Share2Icon } from "lucide-react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";

import type { RootData } from "#server/root-data.ts";
import { useHydrated } from "~/components/admin/use-hydrated";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";

/**
 * "Share" on a figure page: the phone's share sheet (Web Share API) where there is one, else the link
 * is copied. The link is the page's public address; whoever opens it gets the figure's share card
 * (`/og/boonee/:id/:lang`, named in the page's og:image). It needs JavaScript, so it stays hidden
 * without; before the page's app has started, a tap starts it and is replayed (data-needs-app).
 */
export function ShareButton({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = new URL(path, root?.settings.publicUrl || window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: `${name} · Boonees`, text: t("figure.share.text", { name }), url });
      } catch {
        // the share sheet was closed: nothing to say
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
      toast.success(() => t("figure.share.copied"));
    } catch {
      toast(() => t("figure.share.copyThis"), { description: () => url, duration: 15_000 });
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void share()}
      hidden={!hydrated}
      data-js-only=""
      data-needs-app=""
      data-testid="share-figure"
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <Share2Icon aria-hidden="true" />}
      <span aria-live="polite">{copied ? t("figure.share.copiedShort") : t("figure.share.label")}</span>
    </Button>
  );
}
