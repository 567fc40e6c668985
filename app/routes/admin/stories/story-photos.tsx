import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useFetcher } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useFetcherAnswer } from "~/components/use-fetcher-answer";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { dataKey } from "~/locales/message-key";

import type { Route } from "../+types/stories";

type Photo = Route.ComponentProps["loaderData"]["stories"]["items"][number]["photos"][number];

/**
 * A story's photos for moderation, hidden ones too (dimmed, marked); each with its open reports and a
 * Hide / Show button (a fetcher form that is a plain POST without JavaScript). Hiding or showing marks
 * its reports reviewed. A moderator's own story: no buttons (the server refuses them too).
 */
export function StoryPhotos({ photos, title, canModerate }: { photos: Photo[]; title: string; canModerate: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-xl bg-paper-deep/50 p-3">
      <h3 className="mb-2 text-xs font-bold tracking-wide text-muted-foreground uppercase">
        {t("admin.stories.photos")}
      </h3>
      <ul className="flex flex-wrap gap-3" data-testid="story-photos-admin">
        {photos.map((p, i) => (
          <li key={p.id} className="grid w-28 content-start gap-1.5" data-testid="admin-photo">
            <a href={p.url} className="relative block overflow-hidden rounded-xl border-2 border-ink/10">
              <img
                src={p.url.replace(/\.webp$/, "-card.webp")}
                alt={t("admin.stories.photoAlt", { title, number: i + 1 })}
                loading="lazy"
                className={cn("aspect-square w-full object-cover", p.hidden && "opacity-40 grayscale")}
              />
            </a>
            <div className="flex min-h-5 flex-wrap gap-1">
              {p.hidden && <Badge variant="danger">{t("admin.stories.photoHidden")}</Badge>}
              {p.openReports > 0 && (
                <Badge variant="warning">{t("admin.stories.reported", { count: p.openReports })}</Badge>
              )}
            </div>
            {canModerate && <PhotoToggle photoId={p.id} hidden={p.hidden} number={i + 1} title={title} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PhotoToggle({
  photoId,
  hidden,
  number,
  title,
}: {
  photoId: string;
  hidden: boolean;
  number: number;
  title: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) =>
    answer.ok
      ? toast.success(() => t(dataKey(answer.message ?? "")))
      : toast.error(() => t(dataKey(answer.error ?? "admin.error.unexpected"))),
  );
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="photo" />
      <input type="hidden" name="photoId" value={photoId} />
      <input type="hidden" name="hidden" value={hidden ? "false" : "true"} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        className="w-full px-2"
        aria-label={t(hidden ? "admin.stories.showPhotoLabel" : "admin.stories.hidePhotoLabel", { number, title })}
      >
        {hidden ? <EyeIcon /> : <EyeOffIcon />} {t(hidden ? "admin.stories.showPhoto" : "admin.stories.hidePhoto")}
      </Button>
    </fetcher.Form>
  );
}
