import { BanIcon, Trash2Icon, UnlockIcon } from "lucide-react";
import { useFetcher } from "react-router";

import type { Role } from "#shared/roles.ts";
import { accountActionSchema, pageParam, roleChangeSchema, unblockSchema } from "#shared/schemas/admin.ts";
import { adminRoleChangeToConfirm } from "#server/domain/accounts/admin-role-change.ts";
import { blockAccount, unblockAccount } from "#server/domain/accounts/block-account.ts";
import { changeRole } from "#server/domain/accounts/change-role.ts";
import { listUsers } from "#server/domain/accounts/list-users.ts";
import { removeAccount } from "#server/domain/accounts/remove-account.ts";
import { listStaffCities } from "#server/domain/cities/list-cities.ts";
import { AdminPage, listHref, NumberedPager, StatCard } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { CsvLink } from "~/components/admin/csv-link";
import { ReasonDialog } from "~/components/admin/reason-dialog";
import { RoleConfirm, RoleForm, type RoleCities } from "~/components/admin/role-form";
import { stacked } from "~/components/admin/stacked-table";
import { FetcherToast } from "~/components/fetcher-toast";
import { FormError, Notice } from "~/components/forms/field";
import { PersonName } from "~/components/person-name";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, getServices, inOwnCities, requirePage } from "~/guards.server";
import { intent, intentAction, type IntentContext } from "~/intents.server";
import type { AnswerToast } from "~/lib/action-answer";
import { exportHref, searchTerm } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/users";
import { adminIntents } from "./admin-intents.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.users.metaTitle", "admin.users.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const q = searchTerm(url);
  const db = getServices(context).db;
  const actor = actorOf(viewer);
  const [list, cities] = await Promise.all([
    inOwnCities(listUsers(db, actor, { q, page: pageParam(url.searchParams.get("page")) })),
    listStaffCities(db, actor),
  ]);
  // a city admin gives roles for his cities only; blocking, removing and the export stay a global admin's (decision 059)
  const global = viewer.cities === null;
  return {
    ...list,
    q,
    me: viewer.id,
    global,
    cities: cities.map((c) => ({ id: c.id, nameDe: c.nameDe, nameEn: c.nameEn })),
  };
}

/** The role form's answer: changed, or a question first (granting or removing the admin role). */
type RoleAnswer = {
  userId?: string;
  role?: Role;
  confirm?: { userId: string; role: Role; name: string; granting: boolean } & RoleCities;
};

/** Block or delete an account (with a reason), answered to the dialog's fetcher. */
const account = (
  done: string,
  run: (ctx: IntentContext, input: { userId: string; reason: string }) => Promise<unknown>,
) =>
  intent({
    schema: accountActionSchema,
    errors: {
      last_admin: "admin.users.error.lastAdminAccount",
      self: "admin.users.error.self",
      not_found: "admin.users.error.account",
      reasonRequired: "admin.error.reasonRequired",
    },
    run: async (input, ctx) => {
      await run(ctx, input);
      return { message: done };
    },
  });

export const action = intentAction<RoleAnswer>(
  {
    role: intent({
      schema: roleChangeSchema,
      // the ticked cities are one field each
      input: ({ form, fields }) => ({ ...fields, cities: form.getAll("cities").filter((v) => typeof v === "string") }),
      invalid: "admin.users.error.update",
      errors: {
        last_admin: "admin.users.error.lastAdmin",
        not_found: "admin.users.error.update",
        cityUnknown: "admin.users.error.update",
        citiesRequired: "admin.users.error.citiesRequired",
      },
      run: async ({ userId, role, confirmed, scope, cities }, { services, actor }) => {
        if (confirmed !== "yes") {
          const ask = await adminRoleChangeToConfirm(services.db, actor(), { userId, role });
          if (ask) return { confirm: { userId, role, ...ask, scope, cities } };
        }
        await changeRole(services.db, actor(), {
          userId,
          role,
          cities: scope === "all" ? "all" : scope === "cities" ? cities : undefined,
        });
        return { userId, role };
      },
    }),
    block: account("admin.users.success.blocked", (ctx, input) => blockAccount(ctx.services.db, ctx.actor(), input)),
    unblock: intent({
      schema: unblockSchema,
      errors: { not_found: "admin.users.error.account" },
      run: async (input, { services, actor }) => {
        await unblockAccount(services.db, actor(), input);
        return { message: "admin.users.success.unblocked" };
      },
    }),
    delete: account("admin.users.success.deleted", (ctx, input) =>
      removeAccount(ctx.services.db, ctx.services.storage, ctx.actor(), input),
    ),
  },
  adminIntents({ fallback: "admin.users.error.account" }),
);

const ACCOUNT_FETCHER = "admin-account-action";
const UNBLOCK_FETCHER = "admin-account-unblock";

const ROLE_VARIANT: Record<Role, "default" | "warning" | "secondary"> = {
  admin: "default",
  moderator: "warning",
  user: "secondary",
};

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const d = loaderData;
  // The role form's answer (account actions answer their fetchers); each answer resets the selectors.
  const roleAnswer = actionData?.intent === "role" ? actionData : undefined;
  const answerAt = roleAnswer?.at ?? 0;
  const hrefFor = (page: number) => listHref("/admin/users", { q: d.q, page: page > 1 ? page : null });
  return (
    <AdminPage
      title={t("admin.users.title")}
      intro={d.global ? t("admin.users.intro") : t("admin.users.introCity")}
      actions={
        d.global && <CsvLink href={exportHref("/admin/users.csv", { q: d.q })} label={t("admin.csv.downloadUsers")} />
      }
    >
      <FetcherToast fetcherKey={ACCOUNT_FETCHER} />
      <FetcherToast fetcherKey={UNBLOCK_FETCHER} errors />
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard testId="count-users" label={t("admin.users.total")} value={d.counts.users} />
        <StatCard testId="count-admins" label={t("admin.users.admins")} value={d.counts.admins} />
        <StatCard testId="count-moderators" label={t("admin.users.moderators")} value={d.counts.moderators} />
      </div>
      <AdminSearchForm
        id="user-search"
        label={t("admin.users.search")}
        placeholder={t("admin.users.searchPlaceholder")}
        q={d.q}
        formKey={d.q}
        button={t("admin.boonees.searchButton")}
        className="mt-6 mb-4"
      />
      {roleAnswer?.ok && roleAnswer.confirm && <RoleConfirm {...roleAnswer.confirm} />}
      {roleAnswer?.ok && !roleAnswer.confirm && <Notice text={t("admin.users.success.updated")} />}
      {roleAnswer?.ok === false && <FormError error={roleAnswer.fieldErrors.cities ?? roleAnswer.error} />}
      {d.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">
          {t("admin.users.empty")}
        </p>
      ) : (
        <div className="rounded-2xl border-2 border-ink/10 bg-white max-md:border-0 max-md:bg-transparent">
          <Table data-testid="users-table" className={stacked.table}>
            <TableHeader className={stacked.head}>
              <TableRow>
                <TableHead>{t("admin.users.col.name")}</TableHead>
                <TableHead>{t("admin.users.col.email")}</TableHead>
                <TableHead>{t("admin.users.col.role")}</TableHead>
                <TableHead className="hidden lg:table-cell">{t("admin.users.col.joined")}</TableHead>
                <TableHead>{t("admin.users.col.actions")}</TableHead>
                <TableHead>{t("admin.users.col.account")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={stacked.body}>
              {d.items.map((u) => (
                <TableRow key={u.id} data-testid="user-row" className={stacked.row}>
                  <TableCell className={`font-bold ${stacked.cell}`}>
                    {u.name ? <PersonName>{u.name}</PersonName> : t("common.anonymous")}
                    {u.id === d.me && (
                      <span className="ml-1 text-xs font-semibold text-muted-foreground">({t("admin.users.you")})</span>
                    )}
                    {u.blockedAt && (
                      <Badge variant="danger" className="ml-2">
                        {t("admin.users.blocked")}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className={`max-w-40 truncate sm:max-w-64 ${stacked.cell}`}>{u.email}</TableCell>
                  <TableCell className={`max-md:hidden`}>
                    <Badge variant={ROLE_VARIANT[u.role]}>{t(`admin.users.role.${u.role}`)}</Badge>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{dates.day(u.createdAt)}</TableCell>
                  <TableCell className={stacked.cell}>
                    <RoleForm
                      key={`${u.role}:${u.cities.join(",")}:${answerAt}`}
                      userId={u.id}
                      role={u.role}
                      name={u.name ?? u.email}
                      cities={u.cities}
                      options={d.cities}
                      global={d.global}
                    />
                  </TableCell>
                  <TableCell className={stacked.cell}>
                    {u.id !== d.me && d.global && (
                      <AccountActions userId={u.id} name={u.name ?? u.email} blocked={!!u.blockedAt} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <NumberedPager page={d.page} pageCount={d.pageCount} hrefFor={hrefFor} />
    </AdminPage>
  );
}

function AccountActions({ userId, name, blocked }: { userId: string; name: string; blocked: boolean }) {
  const { t } = useTranslation();
  const unblocker = useFetcher<AnswerToast>({ key: UNBLOCK_FETCHER });
  return (
    <div className="flex flex-wrap gap-2">
      {blocked ? (
        <unblocker.Form method="post">
          <input type="hidden" name="intent" value="unblock" />
          <input type="hidden" name="userId" value={userId} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={unblocker.state !== "idle"}
            aria-label={t("admin.users.unblockLabel", { name })}
          >
            <UnlockIcon /> {t("admin.users.unblock")}
          </Button>
        </unblocker.Form>
      ) : (
        <ReasonDialog
          fields={{ intent: "block", userId }}
          fetcherKey={ACCOUNT_FETCHER}
          label={t("admin.users.block")}
          ariaLabel={t("admin.users.blockLabel", { name })}
          icon={<BanIcon />}
          title={t("admin.users.blockTitle", { name })}
          intro={t("admin.users.blockIntro")}
          reasonLabel={t("admin.users.reason")}
          submitLabel={t("admin.users.block")}
        />
      )}
      <ReasonDialog
        fields={{ intent: "delete", userId }}
        fetcherKey={ACCOUNT_FETCHER}
        label={t("admin.users.delete")}
        ariaLabel={t("admin.users.deleteLabel", { name })}
        icon={<Trash2Icon />}
        title={t("admin.users.deleteTitle", { name })}
        intro={t("admin.users.deleteIntro")}
        reasonLabel={t("admin.users.reason")}
        submitLabel={t("admin.users.delete")}
      />
    </div>
  );
}
