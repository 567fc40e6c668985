import { Trash2Icon } from "lucide-react";
import { Form, useNavigation } from "react-router";

import { PasskeyButton } from "~/components/auth/passkey-button";
import { Field, FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useTranslation } from "~/lib/use-translation";

/** "Delete account": asks for the password again (an account without one: a passkey); the action decides. */
export function DeleteAccountDialog({
  error,
  params,
  withPassword = true,
}: {
  error?: string | null;
  params?: Record<string, unknown>;
  withPassword?: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog defaultOpen={!!error}>
      <DialogTrigger asChild>
        <Button variant="ghost" className="text-destructive">
          <Trash2Icon /> {t("profile.delete.button")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("profile.delete.title")}</DialogTitle>
          <DialogDescription>{t("profile.delete.text")}</DialogDescription>
        </DialogHeader>
        {!withPassword && (
          <div className="grid gap-3">
            <FormError error={error} params={params} />
            <PasskeyButton
              kind="login"
              intent="deleteWithPasskey"
              label={t("profile.delete.withPasskey")}
              variant="default"
            />
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t("common.cancel")}
              </Button>
            </DialogClose>
          </div>
        )}
        {withPassword && (
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="delete" />
            <FormError error={error} params={params} />
            <Field
              name="password"
              type="password"
              label={t("profile.delete.password")}
              autoComplete="current-password"
              required
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t("common.cancel")}
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? t("profile.delete.busy") : t("profile.delete.confirm")}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
