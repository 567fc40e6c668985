import { BanIcon, SearchIcon, Trash2Icon, UnlockIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, useFetcher } from "react-router";
import { toast } from "sonner";
import { AdminPage, NumberedPager, StatCard, listHref } from "~/components/admin/admin-page";
import { ReasonDialog } from "~/components/admin/reason-dialog";
import { FetcherToast, type ActionAnswer } from "~/components/fetcher-toast";
import { useHydrated } from "~/components/admin/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { actorOf, getServices, requireRole } from "~/guards.server";
import { useDates } from "~/lib/use-dates";
import { formFields, validate } from "~/lib/forms";
import { pageMeta } from "~/lib/meta";
import { ROLES, type Role } from "~/lib/roles";
import { accountActionSchema, pageParam, roleChangeSchema, unblockSchema } from "~/lib/schemas/admin";
import { listUsers } from "../../../server/domain/admin-queries.ts";
import { blockAccount, unblockAccount } from "../../../server/domain/block-account.ts";
import { changeRole } from "../../../server/domain/change-role.ts";
import { removeAccount } from "../../../server/domain/remove-account.ts";
import { refusal } from "./media.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "users.metaTitle", "users.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(context, request, ["admin"]);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const list = await listUsers(getServices(context).db, actorOf(viewer), { q, page: pageParam(url.searchParams.get("page")) });
  return { ...list, q, me: viewer.id };
}

type Result = { ok: true; userId: string; role: Role } | { ok: false; userId: string; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireRole(context, request, ["admin"]);
  const services = getServices(context);
  const fields = formFields(await request.formData());
  if (fields.intent === "block" || fields.intent === "unblock" || fields.intent === "delete") return accountAction(services, actorOf(viewer), fields, request);
  if (fields.intent !== "role") return data<Result>({ ok: false, userId: "", error: "users.error.update" }, { status: 400 });
  const parsed = validate(roleChangeSchema, fields);
  if (!parsed.ok) return data<Result>({ ok: false, userId: fields.userId ?? "", error: "users.error.update" }, { status: 400 });
  try {
    await changeRole(services.db, actorOf(viewer), parsed.data);
    return data<Result>({ ok: true, userId: parsed.data.userId, role: parsed.data.role });
  } catch (e) {
    const r = refusal(e, { last_admin: "users.error.lastAdmin", not_found: "users.error.update" }, "users.error.update", { log: services.log, request });
    return data<Result>({ ok: false, userId: parsed.data.userId, error: r.error }, { status: r.status });
  }
}

/** Block, unblock or delete an account (each with a reason but unblock), answered as { ok } or { error }. */
async function accountAction(services: ReturnType<typeof getServices>, actor: ReturnType<typeof actorOf>, fields: Record<string, string>, request: Request) {
  const parsed = validate(fields.intent === "unblock" ? unblockSchema : accountActionSchema, fields);
  if (!parsed.ok) return data<ActionAnswer>({ ok: false, error: parsed.errors.reason ?? "users.error.account" }, { status: 400 });
  try {
    const input = parsed.data as { userId: string; reason: string };
    if (fields.intent === "block") await blockAccount(services.db, actor, input);
    else if (fields.intent === "unblock") await unblockAccount(services.db, actor, input);
    else await removeAccount(services.db, actor, input);
    const done = { block: "users.success.blocked", unblock: "users.success.unblocked", delete: "users.success.deleted" } as const;
    return data<ActionAnswer>({ ok: true, message: done[fields.intent as keyof typeof done] });
  } catch (e) {
    const r = refusal(
      e,
      { last_admin: "users.error.lastAdminAccount", self: "users.error.self", not_found: "users.error.account", reasonRequired: "admin.error.reasonRequired" },
      "users.error.account",
      { log: services.log, request },
    );
    return data<ActionAnswer>({ ok: false, error: r.error }, { status: r.status });
  }
}

const ACCOUNT_FETCHER = "admin-account-action";
const UNBLOCK_FETCHER = "admin-account-unblock";

const ROLE_VARIANT: Record<Role, "default" | "warning" | "secondary"> = { admin: "default", moderator: "warning", user: "secondary" };

export default function Users({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const d = loaderData;
  const hrefFor = (page: number) => listHref("/admin/users", { q: d.q, page: page > 1 ? page : null });
  return (
    <AdminPage title={t("users.title")} intro={t("users.intro")}>
      <FetcherToast fetcherKey={ACCOUNT_FETCHER} />
      <FetcherToast fetcherKey={UNBLOCK_FETCHER} errors />
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard testId="count-users" label={t("users.total")} value={d.counts.users} />
        <StatCard testId="count-admins" label={t("users.admins")} value={d.counts.admins} />
        <StatCard testId="count-moderators" label={t("users.moderators")} value={d.counts.moderators} />
      </div>
      <Form method="get" role="search" className="mt-6 mb-4 flex flex-col gap-3 sm:flex-row" key={d.q}>
        <label htmlFor="user-search" className="sr-only">
          {t("users.search")}
        </label>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id="user-search" name="q" type="search" defaultValue={d.q} placeholder={t("users.searchPlaceholder")} className="pl-9" maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          {t("admin.boonees.searchButton")}
        </Button>
      </Form>
      {d.items.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center text-muted-foreground">{t("users.empty")}</p>
      ) : (
        <div className="rounded-2xl border-2 border-ink/10 bg-white">
          <Table data-testid="users-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t("users.col.name")}</TableHead>
                <TableHead>{t("users.col.email")}</TableHead>
                <TableHead className="hidden sm:table-cell">{t("users.col.role")}</TableHead>
                <TableHead className="hidden md:table-cell">{t("users.col.joined")}</TableHead>
                <TableHead>{t("users.col.actions")}</TableHead>
                <TableHead>{t("users.col.account")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.items.map((u) => (
                <TableRow key={u.id} data-testid="user-row">
                  <TableCell className="font-bold">
                    {u.name ?? t("common.anonymous")}
                    {u.id === d.me && <span className="ml-1 text-xs font-semibold text-muted-foreground">({t("users.you")})</span>}
                    {u.blockedAt && (
                      <Badge variant="danger" className="ml-2">
                        {t("users.blocked")}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="max-w-40 truncate sm:max-w-64">{u.email}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={ROLE_VARIANT[u.role]}>{t(`users.role.${u.role}`)}</Badge>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">{dates.day(u.createdAt)}</TableCell>
                  <TableCell>
                    <RoleSelect userId={u.id} role={u.role} name={u.name ?? u.email} />
                  </TableCell>
                  <TableCell>{u.id !== d.me && <AccountActions userId={u.id} name={u.name ?? u.email} blocked={!!u.blockedAt} />}</TableCell>
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
          <Button type="submit" size="sm" variant="outline" disabled={unblocker.state !== "idle"} aria-label={t("users.unblockLabel", { name })}>
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

/** The role selector: a change is sent at once (with JavaScript) or with the Save button (without). */
function RoleSelect({ userId, role, name }: { userId: string; role: Role; name: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const hydrated = useHydrated();
  // While a change is on its way the selector shows it; afterwards the reloaded role (or the old one after a refusal).
  const pending = fetcher.formData?.get("role");
  const value = typeof pending === "string" ? pending : role;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(t("users.success.updated"));
    else toast.error(t(fetcher.data.error));
  }, [fetcher.state, fetcher.data, t]);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={`role-${userId}`} className="sr-only">
        {t("users.roleFor", { name })}
      </label>
      <NativeSelect
        id={`role-${userId}`}
        name="role"
        value={value}
        disabled={fetcher.state !== "idle"}
        wrapperClassName="w-32 sm:w-40"
        className="h-9 text-sm"
        onChange={(e) => {
          fetcher.submit({ intent: "role", userId, role: e.currentTarget.value }, { method: "post" });
        }}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`users.role.${r}`)}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && (
        <Button type="submit" size="sm" variant="outline">
          {t("common.save")}
        </Button>
      )}
    </fetcher.Form>
  );
}
