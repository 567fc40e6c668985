import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const VIDEO_TYPES = "video/mp4,video/webm";

/** The broadcast's picture or video (before JavaScript runs, either). */
export function BroadcastFileField({ contentType, error }: { contentType: string; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="broadcast-file">
        {contentType === "image"
          ? t("admin.broadcast.fields.image")
          : contentType === "video"
            ? t("admin.broadcast.fields.video")
            : t("admin.broadcast.fields.file")}
      </Label>
      <input
        id="broadcast-file"
        name="file"
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "broadcast-file-error" : undefined}
        accept={
          contentType === "image"
            ? IMAGE_TYPES
            : contentType === "video"
              ? VIDEO_TYPES
              : `${IMAGE_TYPES},${VIDEO_TYPES}`
        }
        className="block w-full rounded-xl border-2 border-dashed border-input bg-white p-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-paper-deep file:px-3 file:py-1.5 file:font-bold"
      />
      <p className="text-xs text-muted-foreground">
        {contentType === "video" ? t("admin.upload.videoHint") : t("admin.upload.imageHint")}
      </p>
      {error && (
        <p id="broadcast-file-error" role="alert" className="text-sm font-semibold text-destructive">
          {t(dataKey(error))}
        </p>
      )}
    </div>
  );
}
