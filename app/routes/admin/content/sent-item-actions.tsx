import { PencilIcon, Undo2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { TextareaField } from "~/components/admin/figure-fields";
import { ConfirmButton } from "~/components/confirm-button";
import { Field, FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { refusedAnswer, type ActionAnswer } from "~/lib/action-answer";
import { toast } from "~/lib/toast";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "../+types/content";
import { EnglishTexts } from "./english-texts";

export type SentItem = NonNullable<Route.ComponentProps["loaderData"]["sent"]>["items"][number];

/** The page's toast for retractions: the confirmation closes before the answer comes. */
export const RETRACT_FETCHER = "admin-broadcast-retract";

/** Correct a sent item's texts (and link) in a dialog (answered by `sent-item.server.ts`). */
export function EditSentDialog({ item }: { item: SentItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    setOpen(false);
    toast.success(() => t("admin.broadcast.sent.editedToast"));
  }, [fetcher.state, fetcher.data, t]);
  const refused = refusedAnswer(fetcher.data);
  const errors = refused?.fieldErrors ?? {};
  // A refusal about the fields shows at them; any other one above the form.
  const error = refused && Object.keys(refused.fieldErrors).length === 0 ? refused.error : null;
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        aria-describedby={`sent-${item.id}`}
        onClick={() => (fetcher.reset(), setOpen(true))}
      >
        <PencilIcon /> {t("admin.broadcast.sent.edit")}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>{t("admin.broadcast.sent.editTitle")}</DialogTitle>
              <DialogDescription>{t("admin.broadcast.sent.editIntro")}</DialogDescription>
            </DialogHeader>
            <fetcher.Form method="post" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="id" value={item.id} />
              <FormError error={error} />
              <Field
                id={`edit-title-${item.id}`}
                name="title"
                label={t("admin.broadcast.fields.title")}
                maxLength={200}
                defaultValue={item.title}
                error={errors.title}
              />
              <TextareaField
                id={`edit-message-${item.id}`}
                name="message"
                label={t("admin.broadcast.fields.message")}
                rows={5}
                maxLength={2000}
                defaultValue={item.description ?? ""}
                error={errors.message}
              />
              <EnglishTexts errors={errors} item={item} />
              {item.contentType === "link" && (
                <Field
                  id={`edit-link-${item.id}`}
                  name="linkUrl"
                  type="url"
                  label={t("admin.broadcast.fields.link")}
                  defaultValue={item.url ?? ""}
                  error={errors.linkUrl}
                />
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  {t("common.cancel")}
                </Button>
                <Button type="submit" disabled={fetcher.state !== "idle"}>
                  {fetcher.state !== "idle" ? t("admin.broadcast.sent.saving") : t("common.save")}
                </Button>
              </DialogFooter>
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

/** Take a sent item back after a confirmation. */
export function RetractButton({ item }: { item: SentItem }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionAnswer>({ key: RETRACT_FETCHER });
  return (
    <ConfirmButton
      destructive
      describedBy={`sent-${item.id}`}
      title={t("admin.broadcast.sent.retractTitle", { title: item.title })}
      description={t("admin.broadcast.sent.retractConfirm")}
      confirmLabel={t("admin.broadcast.sent.retract")}
      disabled={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "retract", id: item.id }, { method: "post" })}
    >
      <Undo2Icon /> {t("admin.broadcast.sent.retract")}
    </ConfirmButton>
  );
}
