import { PencilIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";

import { CitySelect } from "~/components/admin/city-select";
import { FigureFields, MediaPickers } from "~/components/admin/figure-fields";
import { PlacementNoteField } from "~/components/admin/figure-identity";
import { InheritanceNote } from "~/components/admin/inheritance-note";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "../+types/figures";
import { answeredFigure, type FigureItem } from "./figure-item";
import type { UpdateExtra } from "./update.server";

/** One fetcher for every card's dialog: the page reports the save, whichever card it was. */
const EDIT_FETCHER = "admin-boonee-edit";

/** The page's toast after a save (how many instances a type's change reached). */
export function useEditToast() {
  const { t } = useTranslation();
  const editor = useFetcher<ActionAnswer<UpdateExtra>>({ key: EDIT_FETCHER });
  useEffect(() => {
    const answer = editor.data;
    if (editor.state !== "idle" || !answer) return;
    if (answer.ok) {
      const { reached } = answer;
      toast.success(() =>
        reached ? t("admin.boonees.updatedReached", { count: reached }) : t("admin.boonees.updated"),
      );
    } else if (answer.error) {
      const { error } = answer;
      toast.error(() => t(dataKey(error)));
    }
  }, [editor.state, editor.data, t]);
}

/** Edit a figure's fields and media (answered by `update.server.ts`). */
export function EditDialog({ item }: { item: FigureItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer<UpdateExtra>>({ key: EDIT_FETCHER });
  const { cities } = useLoaderData() as Route.ComponentProps["loaderData"];
  const [wanted, setWanted] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = answeredFigure(fetcher.data) === item.id ? fetcher.data : undefined;
  // Saved: the dialog closes; opening it again starts without the old answer.
  const saved = fetcher.state === "idle" && result?.ok === true;
  const open = wanted && !saved;
  const setOpen = (next: boolean) => {
    if (next) fetcher.reset();
    setWanted(next);
  };
  const errors = result && !result.ok ? result.fieldErrors : {};
  // The dialog is mounted on demand: 24 cards render only their buttons.
  return (
    <>
      <Button type="button" variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PencilIcon /> {t("admin.boonees.edit")}
      </Button>
      {wanted && (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>{t("admin.boonees.editTitle", { name: item.name })}</DialogTitle>
              <DialogDescription>{t("admin.boonees.editIntro")}</DialogDescription>
            </DialogHeader>
            <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={item.id} />
              {result && !result.ok && result.error && <FormError error={result.error} />}
              {result && !result.ok && result.reason && (
                <p className="text-sm text-muted-foreground">{t(dataKey(result.reason))}</p>
              )}
              <InheritanceNote item={item} idPrefix={`edit-${item.id}-`} />
              <FigureFields values={item} errors={errors} idPrefix={`edit-${item.id}-`} />
              {/* a type moves with its instances; an instance lies in its type's city (disabled: not sent) */}
              <CitySelect cities={cities} value={item.cityId} error={errors.cityId} disabled={!!item.typeId} />
              <PlacementNoteField
                idPrefix={`edit-${item.id}-`}
                value={item.placementNote}
                error={errors.placementNote}
              />
              <MediaPickers idPrefix={`edit-${item.id}-`} currentImage={item.imageUrl} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={busy}>
                  {busy ? t("admin.boonees.saving") : t("common.save")}
                </Button>
              </DialogFooter>
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
