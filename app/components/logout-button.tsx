import { LogOutIcon } from "lucide-react";
import { Form } from "react-router";

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

/** Logout asks first (spec: logout confirmation); the form posts to /logout. */
export function LogoutButton() {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <LogOutIcon /> {t("auth.logout")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("auth.logoutConfirmTitle")}</DialogTitle>
          <DialogDescription>{t("auth.logoutConfirmText")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </DialogClose>
          <Form method="post" action="/logout" reloadDocument>
            <Button type="submit" variant="destructive" className="w-full">
              {t("auth.logout")}
            </Button>
          </Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
