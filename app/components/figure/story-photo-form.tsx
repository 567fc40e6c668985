import { ImagePlusIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";

const PHOTOS_PER_STORY = 3;

/**
 * The author adds photos to their story: a plain multipart form (it works before the page's JavaScript
 * starts), posted to /boonee/{id}/photos, which answers with a redirect back.
 */
export function StoryPhotoForm({ action, storyId, count }: { action: string; storyId: string; count: number }) {
  const { t } = useTranslation();
  if (count >= PHOTOS_PER_STORY) return null;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="mt-3 grid gap-2 rounded-xl bg-paper p-3"
      data-testid="story-photo-form"
    >
      <input type="hidden" name="storyId" value={storyId} />
      <label className="grid gap-1 text-sm font-bold">
        {t("story.photosLabel", { count: PHOTOS_PER_STORY - count })}
        <input
          type="file"
          name="photos"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          className="text-sm font-normal"
        />
      </label>
      <p className="text-xs text-ink-soft">{t("story.photosHint")}</p>
      <div>
        <Button type="submit" variant="outline" size="sm">
          <ImagePlusIcon aria-hidden="true" /> {t("story.photosSubmit")}
        </Button>
      </div>
    </form>
  );
}
