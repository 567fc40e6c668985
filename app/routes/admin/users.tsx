import { BanIcon, Trash2Icon, UnlockIcon } from "lucide-react";
import { data, useFetcher } from "react-router";

import { formFields, validate } from "#shared/forms.ts";
import type { Role } from "#shared/roles.ts";
import { accountActionSchema, pageParam, roleChangeSchema, unblockSchema } from "#shared/schemas/admin.ts";
import { adminRoleChangeToConfirm } from "#server/domain/accounts/admin-role-change.ts";
import { blockAccount, unblockAccount } from "#server/domain/accounts/block-account.ts";
import { changeRole } from "#server/domain/accounts/change-role.ts";
import { listUsers } from "#server/domain/accounts/list-users.ts";
import { removeAccount } from "#server/domain/accounts/remove-account.ts";
import { AdminPage, listHref, NumberedPager, StatCard } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { CsvLink } from "~/components/admin/csv-link";
import { ReasonDialog } from "~/components/admin/reason-dialog";
import { RoleConfirm, RoleForm } from "~/components/admin/role-form";
import { stacked } from "~/components/admin/stacked-table";
import { FetcherToast, type ActionAnswer } from "~/components/fetcher-toast";
import { FormError, Notice } from "~/components/forms/field";
import { PersonName } from "~/components/person-name";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, getLang, getServices, inOwnCities, requestForm, requirePage } from "~/guards.server";
import { exportHref, searchTerm } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/users";
import { adminRefusal } from "./media.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "users.metaTitle", "users.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const q = searchTerm(url);
  const list = await inOwnCities(
    listUsers(getServices(context).db, actorOf(viewer), { q, page: pageParam(url.searchParams.get("page")) }),
  );
  return { ...list, q, me: viewer.id };
}

type Result = { intent: "role"; at: number } & (
  | { ok: true; userId: string; role: Role }
  | { ok: false; userId: string; error: string }
  | { ok: "confirm"; confirm: { userId: string; role: Role; name: string; granting: boolean } }
);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const fields = formFields(await requestForm(request));
  if (fields.intent === "block" || fields.intent === "unblock" || fields.intent === "delete")
    return accountAction(services, actorOf(viewer, getLang(context)), fields, request);
  const at = Date.now();
  if (fields.intent !== "role")
    return data<Result>({ intent: "role", at, ok: false, userId: "", error: "users.error.update" }, { status: 400 });
  const parsed = validate(roleChangeSchema, fields);
  if (!parsed.ok)
    return data<Result>(
      { intent: "role", at, ok: false, userId: fields.userId ?? "", error: "users.error.update" },
      { status: 400 },
    );
  const { userId, role } = parsed.data;
  try {
    if (parsed.data.confirmed !== "yes") {
      const ask = await adminRoleChangeToConfirm(services.db, actorOf(viewer), { userId, role });
      if (ask) return data<Result>({ intent: "role", at, ok: "confirm", confirm: { userId, role, ...ask } });
    }
    await changeRole(services.db, actorOf(viewer), { userId, role });
    return data<Result>({ intent: "role", at, ok: true, userId, role });
  } catch (e) {
    const r = adminRefusal(
      e,
      { last_admin: "users.error.lastAdmin", not_found: "users.error.update" },
      "users.error.update",
      {
        log: services.log,
        request,
      },
    );
    return data<Result>({ intent: "role", at, ok: false, userId, error: r.error }, { status: r.status });
  }
}

/** Block, unblock or delete an account (each with a reason but unblock), answered as { ok } or { error }. */
async function accountAction(
  services: ReturnType<typeof getServices>,
  actor: ReturnType<typeof actorOf>,
  fields: Record<string, string>,
  request: Request,
) {
  const parsed = validate(fields.intent === "unblock" ? unblockSchema : accountActionSchema, fields);
  if (!parsed.ok)
    return data<ActionAnswer>({ ok: false, error: parsed.errors.reason ?? "users.error.account" }, { status: 400 });
  try {
    const input = parsed.data as { userId: string; reason: string };
    if (fields.intent === "block") await blockAccount(services.db, actor, input);
    else if (fields.intent === "unblock") await unblockAccount(services.db, actor, input);
    else await removeAccount(services.db, services.storage, actor, input);
    const done = {
      block: "users.success.blocked",
      unblock: "users.success.unblocked",
      delete: "users.success.deleted",
    } as const;
    return data<ActionAnswer>({ ok: true, message: done[fields.intent as keyof typeof done] });
  } catch (e) {
    const r = adminRefusal(
      e,
      {
        last_admin: "users.error.lastAdminAccount",
        self: "users.error.self",
        not_found: "users.error.account",
        reasonRequired: "admin.error.reasonRequired",
      },
      "users.error.account",
      { log: services.log, request },
    );
    return data<ActionAnswer>({ ok: false, error: r.error }, { status: r.status });
  }
}

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
  const roleAnswer = actionData && "intent" in actionData && actionData.intent === "role" ? actionData : undefined;
  const answerAt = roleAnswer?.at ?? 0;
  const hrefFor = (page: number) => listHref("/admin/users", { q: d.q, page: page > 1 ? page : null });
  return (
    <AdminPage
      title={t("users.title")}
      intro={t("users.intro")}
      actions={<CsvLink href={exportHref("/admin/users.csv", { q: d.q })} label={t("admin.csv.downloadUsers")} />}
    >
      <FetcherToast fetcherKey={ACCOUNT_FETCHER} />
      <FetcherToast fetcherKey={UNBLOCK_FETCHER} errors />
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard testId="count-users" label={t("users.total")} value={d.counts.users} />
        <StatCard testId="count-admins" label={t("users.admins")} value={d.counts.admins} />
        <StatCard testId="count-moderators" label={t("users.moderators")} value={d.counts.moderators} />
      </div>
      <AdminSearchForm
        id="user-search"
        label={t("users.search")}
        placeholder={t("users.searchPlaceholder")}
        q={d.q}
        formKey={d.q}
        button={t("admin.boonees.searchButton")}
        className="mt-6 mb-4"
      />
      {roleAnswer && "confirm" in roleAnswer && <RoleConfirm {...roleAnswer.confirm} />}
      {roleAnswer?.ok === true && <Notice text={t("users.success.updated")} />}
      {roleAnswer?.ok === false && <FormError error={roleAnswer.error} />}
      {d.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">
          {t("users.empty")}
        </p>
      ) : (
        <div className="rounded-2xl border-2 border-ink/10 bg-white max-md:border-0 max-md:bg-transparent">
          <Table data-testid="users-table" className={stacked.table}>
            <TableHeader className={stacked.head}>
              <TableRow>
                <TableHead>{t("users.col.name")}</TableHead>
                <TableHead>{t("users.col.email")}</TableHead>
                <TableHead>{t("users.col.role")}</TableHead>
                <TableHead className="hidden lg:table-cell">{t("users.col.joined")}</TableHead>
                <TableHead>{t("users.col.actions")}</TableHead>
                <TableHead>{t("users.col.account")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={stacked.body}>
              {d.items.map((u) => (
                <TableRow key={u.id} data-testid="user-row" className={stacked.row}>
                  <TableCell className={`font-bold ${stacked.cell}`}>
                    {u.name ? <PersonName>{u.name}</PersonName> : t("common.anonymous")}
                    {u.id === d.me && (
                      <span className="ml-1 text-xs font-semibold text-muted-foreground">({t("users.you")})</span>
                    )}
                    {u.blockedAt && (
                      <Badge variant="danger" className="ml-2">
                        {t("users.blocked")}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className={`max-w-40 truncate sm:max-w-64 ${stacked.cell}`}>{u.email}</TableCell>
                  <TableCell className={`max-md:hidden`}>
                    <Badge variant={ROLE_VARIANT[u.role]}>{t(`users.role.${u.role}`)}</Badge>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{dates.day(u.createdAt)}</TableCell>
                  <TableCell className={stacked.cell}>
                    <RoleForm key={`${u.role}:${answerAt}`} userId={u.id} role={u.role} name={u.name ?? u.email} />
                  </TableCell>
                  <TableCell className={stacked.cell}>
                    {u.id !== d.me && <AccountActions userId={u.id} name={u.name ?? u.email} blocked={!!u.blockedAt} />}
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
  const unblocker = useFetcher<ActionAnswer>({ key: UNBLOCK_FETCHER });
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
            aria-label={t("users.unblockLabel", { name })}
          >
            <UnlockIcon /> {t("users.unblock")}
          </Button>
        </unblocker.Form>
      ) : (
        <ReasonDialog
          fields={{ intent: "block", userId }}
          fetcherKey={ACCOUNT_FETCHER}
          label={t("users.block")}
          ariaLabel={t("users.blockLabel", { name })}
          icon={<BanIcon />}
          title={t("users.blockTitle", { name })}
          intro={t("users.blockIntro")}
          reasonLabel={t("users.reason")}
          submitLabel={t("users.block")}
        />
      )}
      <ReasonDialog
        fields={{ intent: "delete", userId }}
        fetcherKey={ACCOUNT_FETCHER}
        label={t("users.delete")}
        ariaLabel={t("users.deleteLabel", { name })}
        icon={<Trash2Icon />}
        title={t("users.deleteTitle", { name })}
        intro={t("users.deleteIntro")}
        reasonLabel={t("users.reason")}
        submitLabel={t("users.delete")}
      />
    </div>
  );
}
