import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";

import { ROLES, type Role } from "#shared/roles.ts";
import { CityCheckboxes } from "~/components/cities/city-checkboxes";
import { TextWithName } from "~/components/person-name";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { cityName } from "~/lib/city-name";
import { useTranslation } from "~/lib/use-translation";

/** A city the role form offers (the acting admin's cities). */
export interface CityOption {
  id: number;
  nameDe: string;
  nameEn: string;
}

/** The cities a role change names (decision 059), carried through the admin-role question. */
export interface RoleCities {
  scope?: "all" | "cities";
  cities?: number[];
}

/**
 * The role selector: a plain form whose select is sent with its button, so the value sent is the
 * one on screen — before the scripts run (a document POST) and after (React Router's Form).
 * With several cities it holds the person's cities (decision 059): a global admin chooses "all cities" or
 * ticks some, a city admin ticks among his own. With one city nothing more is shown: "all cities".
 */
export function RoleForm({
  userId,
  role,
  name,
  cities,
  options,
  global,
}: {
  userId: string;
  role: Role;
  name: string;
  /** The person's cities now (none: an admin is global, a user has none). */
  cities: number[];
  /** The cities the acting admin may give. */
  options: CityOption[];
  /** The acting admin is global ("all cities" offered). */
  global: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("userId") === userId;
  return (
    <Form method="post" className="grid gap-1.5" preventScrollReset>
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={userId} />
      <div className="flex items-center gap-2">
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
      </div>
      <CityPicker name={name} cities={cities} options={options} global={global} />
    </Form>
  );
}

function CityPicker({
  name,
  cities,
  options,
  global,
}: {
  name: string;
  cities: number[];
  options: CityOption[];
  global: boolean;
}) {
  const { t, i18n } = useTranslation();
  // one city to give: nothing to choose (a one-city deployment looks as before)
  if (options.length <= 1)
    return global || !options[0] ? (
      <input type="hidden" name="scope" value="all" />
    ) : (
      <>
        <input type="hidden" name="scope" value="cities" />
        <input type="hidden" name="cities" value={options[0].id} />
      </>
    );
  const own = options.filter((c) => cities.includes(c.id));
  const all = global && cities.length === 0;
  const summary = all
    ? t("admin.users.cities.summaryAll")
    : own.length
      ? t("admin.users.cities.summarySome", { names: own.map((c) => cityName(c, i18n.language)).join(", ") })
      : t("admin.users.cities.summaryNone");
  return (
    <details className="text-sm" data-testid="role-cities">
      <summary className="cursor-pointer font-semibold text-grape">{summary}</summary>
      <fieldset className="mt-2 grid gap-1.5 rounded-xl border-2 border-ink/10 bg-white p-3">
        <legend className="px-1 font-bold">{t("admin.users.cities.legend", { name })}</legend>
        {global ? (
          <>
            <label className="flex min-h-8 items-start gap-2">
              <input type="radio" name="scope" value="all" defaultChecked={all} className="mt-1" />
              <span>
                {t("admin.users.cities.all")}
                <span className="block text-xs text-muted-foreground">{t("admin.users.cities.allHint")}</span>
              </span>
            </label>
            <label className="flex min-h-8 items-center gap-2">
              <input type="radio" name="scope" value="cities" defaultChecked={!all} />
              {t("admin.users.cities.only")}
            </label>
          </>
        ) : (
          <input type="hidden" name="scope" value="cities" />
        )}
        <div className={global ? "ml-6 grid gap-1.5" : "grid gap-1.5"}>
          <CityCheckboxes cities={options} checked={cities} name="cities" labelClassName="min-h-8" />
        </div>
      </fieldset>
    </details>
  );
}

/** The second step of granting or removing the admin role: a form of its own, so it works without scripts. */
export function RoleConfirm({
  userId,
  role,
  name,
  granting,
  scope,
  cities = [],
}: {
  userId: string;
  role: Role;
  name: string;
  granting: boolean;
} & RoleCities) {
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
        {scope && <input type="hidden" name="scope" value={scope} />}
        {cities.map((id) => (
          <input key={id} type="hidden" name="cities" value={id} />
        ))}
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
