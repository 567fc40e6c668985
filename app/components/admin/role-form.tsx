import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";

import { ROLES, type Role } from "#shared/roles.ts";
import { TextWithName } from "~/components/person-name";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { useTranslation } from "~/lib/use-translation";

/**
 * The role selector: a plain form whose select is sent with its button, so the value sent is the
 * one on screen — before the scripts run (a document POST) and after (React Router's Form).
 */
export function RoleForm({ userId, role, name }: { userId: string; role: Role; name: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("userId") === userId;
  return (
    <Form method="post" className="flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={`role-${userId}`} className="sr-only">
        <TextWithName i18nKey="admin.users.roleFor" name={name} />
      </label>
      <NativeSelect
        id={`role-${userId}`}
        name="role"
        defaultValue={role}
        wrapperClassName="w-32 sm:w-40"
        className="h-9 text-sm"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`admin.users.role.${r}`)}
          </option>
        ))}
      </NativeSelect>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={t("admin.users.changeRoleLabel", { name })}
      >
        {t("admin.users.changeRole")}
      </Button>
    </Form>
  );
}

/** The second step of granting or removing the admin role: a form of its own, so it works without scripts. */
export function RoleConfirm({
  userId,
  role,
  name,
  granting,
}: {
  userId: string;
  role: Role;
  name: string;
  granting: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  // With scripts the question is brought into view and read out (it replaces the page's scroll position).
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus();
  }, []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="role-confirm-title"
      aria-describedby="role-confirm-text"
      className="mb-4 rounded-2xl border-2 border-destructive/30 bg-[#fff4e5] p-4"
      data-testid="role-confirm"
    >
      <h2 id="role-confirm-title" className="font-display text-lg font-bold">
        {granting ? t("admin.users.confirm.grantTitle", { name }) : t("admin.users.confirm.removeTitle", { name })}
      </h2>
      <p id="role-confirm-text" className="mt-1 text-sm">
        {granting
          ? t("admin.users.confirm.grantText")
          : t("admin.users.confirm.removeText", { role: t(`admin.users.role.${role}`) })}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="role" value={role} />
        <input type="hidden" name="confirmed" value="yes" />
        <Button type="submit" variant="destructive" size="sm">
          {granting ? t("admin.users.confirm.grant") : t("admin.users.confirm.remove")}
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={location.pathname + location.search} preventScrollReset>
            {t("common.cancel")}
          </Link>
        </Button>
      </Form>
    </section>
  );
}
