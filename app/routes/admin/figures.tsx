import { CopyIcon, EyeIcon, NfcIcon, PencilIcon, PlusIcon, PrinterIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useFetcher, useNavigate, useNavigation, useRouteLoaderData } from "react-router";

import { normalizeCode } from "#shared/claim-code-rule.ts";
import { isClaimable } from "#shared/figure-status.ts";
import { formFields, validate, type FieldErrors } from "#shared/forms.ts";
import { bulkStatusSchema, idSchema, pageParam, STATUS_FILTERS, updateFigureSchema } from "#shared/schemas/admin.ts";
import { decodeCursor } from "#server/db/paging.ts";
import { replaceClaimCode } from "#server/domain/codes/replace-claim-code.ts";
import { changeFigureStatuses } from "#server/domain/figures/change-figure-statuses.ts";
import { deleteFigure } from "#server/domain/figures/delete-figure.ts";
import { listAdminFigures } from "#server/domain/figures/list-figures.ts";
import { countInstances } from "#server/domain/figures/type-inheritance.ts";
import { updateFigure } from "#server/domain/figures/update-figure.ts";
import type { RootData } from "#server/root-data.ts";
import { AdminPage, listHref, Pager, StatCard } from "~/components/admin/admin-page";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { BulkStatusBar, type BulkStatusAnswer } from "~/components/admin/bulk-status-bar";
import { ClaimUrlResult } from "~/components/admin/claim-url-result";
import { copyText } from "~/components/admin/copy";
import { CsvLink } from "~/components/admin/csv-link";
import { FigureFields, MediaPickers } from "~/components/admin/figure-fields";
import { FigureIdentity, PlacementNoteField } from "~/components/admin/figure-identity";
import { InheritanceNote } from "~/components/admin/inheritance-note";
import { ConfirmButton } from "~/components/confirm-button";
import { FigureImage } from "~/components/figure-image";
import { FormError } from "~/components/forms/field";
import { PersonName } from "~/components/person-name";
import { RarityBadge } from "~/components/rarity-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { actorOf, getServices, requestForm, requirePage } from "~/guards.server";
import { exportHref, figureFilters } from "~/lib/admin-list-filters";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/figures";
import { adminRefusal, storeFigureMedia } from "./media.server";
import { claimQr } from "./qr.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "admin.boonees.metaTitle", "admin.boonees.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
  const url = new URL(request.url);
  const { q, status } = figureFilters(url);
  const cursor =
    decodeCursor("after", url.searchParams.get("after")) ?? decodeCursor("before", url.searchParams.get("before"));
  const { db } = getServices(context);
  const list = await listAdminFigures(db, actorOf(viewer), {
    q,
    status,
    cursor,
    page: pageParam(url.searchParams.get("page")),
  });
  const instances = await countInstances(
    db,
    list.items.filter((i) => !i.typeId).map((i) => i.id),
  );
  return { ...list, items: list.items.map((i) => ({ ...i, instances: instances.get(i.id) ?? null })), q, status };
}

type ActionResult =
  | { ok: true; intent: "update" | "delete"; id: string; reached?: number }
  | {
      ok: true;
      intent: "replaceCode";
      id: string;
      name: string;
      code: string;
      previousCode: string | null;
      claimUrl: string;
      qrSvg: string;
      qrPng: string;
    }
  | {
      ok: false;
      intent: "update" | "delete" | "replaceCode";
      id: string;
      errors: FieldErrors;
      error: string | null;
      reason: string | null;
    };

/** One fetcher per kind, shared by the page and the cards: a deleted card is gone, the page still reports. */
const DELETE_FETCHER = "admin-boonee-delete";
/** The page, not the card, shows a replaced code: the card may leave the list (it was found by its old code). */
const REPLACE_FETCHER = "admin-boonee-replace";
const EDIT_FETCHER = "admin-boonee-edit";

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requirePage(context, request);
  const services = getServices(context);
  const actor = actorOf(viewer);
  const form = await requestForm(request);
  const fields = formFields(form);
  const intent = fields.intent === "delete" ? "delete" : "update";
  const id = fields.id ?? "";
  if (fields.intent === "bulkStatus") {
    const ids = form.getAll("ids").filter((v): v is string => typeof v === "string");
    const parsed = validate(bulkStatusSchema, { ids, status: fields.status });
    if (!parsed.ok)
      return data<BulkStatusAnswer>(
        {
          ok: false,
          intent: "bulkStatus",
          error: parsed.errors.ids ?? parsed.errors.status ?? "admin.boonees.bulk.error",
          params: {},
        },
        { status: 400 },
      );
    try {
      const r = await changeFigureStatuses(services.db, actor, parsed.data);
      return data<BulkStatusAnswer>({ ok: true, intent: "bulkStatus", changed: r.changed });
    } catch (e) {
      const r = adminRefusal(
        e,
        { notFound: "admin.boonees.bulk.missing", bulkInWaitingDrop: "admin.boonees.bulk.refusedWaiting" },
        "admin.boonees.bulk.error",
        { log: services.log, request },
      );
      return data<BulkStatusAnswer>(
        { ok: false, intent: "bulkStatus", error: r.error, params: r.params },
        { status: r.status },
      );
    }
  }
  if (fields.intent === "replaceCode") {
    const parsed = validate(idSchema, fields);
    if (!parsed.ok)
      return data<ActionResult>(
        { ok: false, intent: "replaceCode", id, errors: {}, error: "admin.boonees.replaceError", reason: null },
        { status: 400 },
      );
    try {
      const r = await replaceClaimCode(services.db, actor, { figureId: parsed.data.id });
      const claimUrl = `${services.settings.publicUrl}/c/${r.code}`;
      const qr = await claimQr(claimUrl);
      return data<ActionResult>({
        ok: true,
        intent: "replaceCode",
        id: r.id,
        name: r.name,
        code: r.code,
        previousCode: r.previousCode,
        claimUrl,
        qrSvg: qr.svg,
        qrPng: qr.png,
      });
    } catch (e) {
      const r = adminRefusal(
        e,
        { notFound: "admin.error.notFound", claimed: "admin.boonees.replaceClaimed" },
        "admin.boonees.replaceError",
        { log: services.log, request },
      );
      return data<ActionResult>(
        { ok: false, intent: "replaceCode", id, errors: {}, error: r.error, reason: null },
        { status: r.status },
      );
    }
  }
  if (fields.intent !== "delete" && fields.intent !== "update") {
    return data<ActionResult>(
      { ok: false, intent, id, errors: {}, error: "admin.error.unexpected", reason: null },
      { status: 400 },
    );
  }
  if (intent === "delete") {
    const parsed = validate(idSchema, fields);
    if (!parsed.ok)
      return data<ActionResult>(
        { ok: false, intent, id, errors: {}, error: "admin.boonees.deleteError", reason: null },
        { status: 400 },
      );
    try {
      await deleteFigure(services.db, services.storage, actor, parsed.data);
      return data<ActionResult>({ ok: true, intent, id: parsed.data.id });
    } catch (e) {
      const r = adminRefusal(
        e,
        { notFound: "admin.boonees.deleteError", hasInstances: "admin.boonees.deleteHasInstances" },
        "admin.boonees.deleteError",
        { log: services.log, request },
      );
      return data<ActionResult>(
        { ok: false, intent, id, errors: {}, error: r.error, reason: null },
        { status: r.status },
      );
    }
  }
  const parsed = validate(updateFigureSchema, fields);
  if (!parsed.ok)
    return data<ActionResult>(
      { ok: false, intent, id, errors: parsed.errors, error: null, reason: null },
      { status: 400 },
    );
  try {
    const updated = await updateFigure(services.db, actor, parsed.data, {
      storeMedia: () => storeFigureMedia(services, form),
    });
    return data<ActionResult>({ ok: true, intent, id: parsed.data.id, reached: updated.reached });
  } catch (e) {
    const r = adminRefusal(
      e,
      {
        notFound: "admin.error.notFound",
        imageUpload: "admin.create.error.image",
        videoUpload: "admin.create.error.video",
        inWaitingDrop: "drops.admin.error.figureWaiting",
      },
      "admin.boonees.updateError",
      { log: services.log, request },
    );
    return data<ActionResult>(
      { ok: false, intent, id, errors: {}, error: r.error, reason: r.reason },
      { status: r.status },
    );
  }
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

export default function AdminFigures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/boonees";
  const d = loaderData;
  const filters = { q: d.q, status: d.status === "all" ? null : d.status };
  const prevHref = d.prev ? listHref("/admin/boonees", { ...filters, before: d.prev, page: d.page - 1 }) : null;
  const nextHref = d.next ? listHref("/admin/boonees", { ...filters, after: d.next, page: d.page + 1 }) : null;
  const filtered = d.q !== "" || d.status !== "all";
  const deleter = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Only what this page shows counts: another page or search leaves the rest behind.
  const selectedIds = d.items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const allSelected = d.items.length > 0 && selectedIds.length === d.items.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const editor = useFetcher<ActionResult>({ key: EDIT_FETCHER });
  useEffect(() => {
    if (deleter.state !== "idle" || !deleter.data) return;
    if (deleter.data.ok) toast.success(t("admin.boonees.deleted"));
    else toast.error(t(dataKey(deleter.data.error ?? "admin.boonees.deleteError")));
  }, [deleter.state, deleter.data, t]);
  useEffect(() => {
    if (editor.state !== "idle" || !editor.data) return;
    if (editor.data.ok)
      toast.success(
        "reached" in editor.data && editor.data.reached
          ? t("admin.boonees.updatedReached", { count: editor.data.reached })
          : t("admin.boonees.updated"),
      );
    else if (editor.data.error) toast.error(t(dataKey(editor.data.error)));
  }, [editor.state, editor.data, t]);
  return (
    <AdminPage
      title={t("admin.boonees.title")}
      intro={t("admin.boonees.intro")}
      actions={
        <div className="flex flex-wrap gap-2">
          <CsvLink
            href={exportHref("/admin/boonees.csv", { q: d.q, status: d.status })}
            label={t("admin.csv.downloadFigures")}
          />
          <Button asChild>
            <Link to="/admin/create-boonee">
              <PlusIcon /> {t("admin.nav.create")}
            </Link>
          </Button>
        </div>
      }
    >
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard testId="total-all" label={t("admin.boonees.total")} value={d.totals.total} />
        <StatCard testId="total-claimed" label={t("admin.boonees.claimed")} value={d.totals.claimed} />
        <StatCard testId="total-available" label={t("admin.boonees.available")} value={d.totals.available} />
      </div>

      <AdminSearchForm
        id="boonee-search"
        label={t("admin.boonees.search")}
        placeholder={t("admin.boonees.searchPlaceholder")}
        q={d.q}
        formKey={`${d.q}|${d.status}`}
        button={t("admin.boonees.searchButton")}
        searching={searching}
        className="mt-6"
        filter={{
          id: "boonee-status",
          name: "status",
          label: t("admin.boonees.statusFilter"),
          value: d.status,
          width: "sm:w-56",
          options: STATUS_FILTERS.map((s) => ({
            value: s,
            label:
              s === "all" || s === "claimed" || s === "available"
                ? t(`admin.boonees.filter.${s}`)
                : t(`admin.status.${s}`),
          })),
        }}
      />

      <p className="mt-4 text-sm font-semibold text-muted-foreground" aria-live="polite" data-testid="match-count">
        {filtered ? t("admin.boonees.matches", { count: d.total }) : t("admin.boonees.showing", { count: d.total })}
      </p>

      {d.items.length === 0 ? (
        <div className="mt-4 rounded-2xl border-2 border-dashed border-ink/15 p-10 text-center">
          <p className="font-display text-xl font-bold">{t("admin.boonees.empty")}</p>
          {filtered && (
            <Link to="/admin/boonees" className="mt-2 inline-block font-bold text-grape hover:underline">
              {t("admin.boonees.clearFilters")}
            </Link>
          )}
        </div>
      ) : (
        <>
          <label className="mt-4 inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
            <input
              type="checkbox"
              className="size-5 accent-grape"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = selectedIds.length > 0 && !allSelected;
              }}
              onChange={(e) => setSelected(e.currentTarget.checked ? new Set(d.items.map((i) => i.id)) : new Set())}
              data-testid="select-all"
            />
            {t("admin.boonees.bulk.selectAll")}
          </label>
          <ul
            className={`mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4 ${searching ? "opacity-60" : ""}`}
            data-testid="admin-boonee-list"
          >
            {d.items.map((item) => (
              <FigureCard
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
              />
            ))}
          </ul>
        </>
      )}
      <BulkStatusBar ids={selectedIds} onDone={() => setSelected(new Set())} onClear={() => setSelected(new Set())} />
      <Pager page={d.page} pageCount={d.pageCount} prevHref={prevHref} nextHref={nextHref} />
      <ReplacedCodeDialog q={d.q} status={filters.status} />
    </AdminPage>
  );
}

const STATUS_VARIANT: Record<string, "secondary" | "success" | "warning" | "danger" | "default"> = {
  Draft: "secondary",
  Hidden: "secondary",
  Placed: "default",
  Found: "success",
  "On Sale": "warning",
  "Sold Out": "danger",
  Archived: "secondary",
};

function FigureCard({ item, selected, onSelect }: { item: Item; selected: boolean; onSelect: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const copy = async () => {
    if (!item.code) return;
    if (await copyText(`${root?.settings.publicUrl ?? window.location.origin}/c/${item.code}`))
      toast.success(t("admin.create.urlCopied"));
  };
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border-2 bg-white shadow-[0_4px_0_0_rgba(35,21,63,0.08)] ${selected ? "border-grape" : "border-ink/10"}`}
      data-testid="admin-figure-card"
    >
      <div className="flex gap-3 p-3">
        {/* The label around the box: a finger's tap target on a phone. */}
        <label className="-m-2 flex size-11 shrink-0 cursor-pointer items-start justify-center p-2">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-grape"
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-label={t("admin.boonees.bulk.select", { name: item.name })}
            data-testid="select-boonee"
          />
        </label>
        <FigureImage src={item.imageUrl} alt={item.name} className="size-24 shrink-0 rounded-xl sm:size-28" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-display text-lg font-bold" title={item.name}>
            {item.name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1">
            <RarityBadge rarity={item.rarity} />
            <Badge variant={STATUS_VARIANT[item.status] ?? "secondary"}>{t(`admin.status.${item.status}`)}</Badge>
            {item.typeId && <Badge variant="outline">{t("admin.boonees.instance")}</Badge>}
          </div>
          <p className="mt-1 truncate text-sm text-muted-foreground">{item.series ?? t("admin.boonees.noSeries")}</p>
          <p className="mt-1 text-sm">
            {item.ownerId ? (
              <>
                <PersonName className="font-bold">{item.ownerName ?? t("common.anonymous")}</PersonName>
                {item.claimedAt && <span className="text-muted-foreground"> · {dates.day(item.claimedAt)}</span>}
              </>
            ) : item.waitingDrop ? (
              <span className="font-semibold text-muted-foreground" data-testid="in-waiting-drop">
                {t("admin.boonees.inWaitingDrop", {
                  drop: i18n.language === "en" ? item.waitingDrop.titleEn : item.waitingDrop.title,
                  when: dates.dayTime(item.waitingDrop.releaseAt),
                })}
              </span>
            ) : isClaimable({ status: item.status, claimed: false }) ? (
              <span className="font-semibold text-[#1d6b3c]">{t("admin.boonees.availableForClaim")}</span>
            ) : (
              <span className="font-semibold text-muted-foreground" data-testid="no-longer-claimable">
                {t("admin.boonees.noLongerClaimable")}
              </span>
            )}
          </p>
          <FigureIdentity number={item.number} code={item.code} placementNote={item.placementNote} />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-1 border-t-2 border-ink/5 p-2">
        {item.code && (
          <Button type="button" variant="ghost" size="sm" onClick={copy}>
            <CopyIcon /> {t("admin.boonees.copyUrl")}
          </Button>
        )}
        <Button asChild variant="ghost" size="sm">
          <Link to={`/boonee/${item.id}`}>
            <EyeIcon /> {t("admin.boonees.view")}
          </Link>
        </Button>
        <EditDialog item={item} />
        {item.code && (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/labels?ids=${item.id}`} aria-label={t("admin.boonees.labelFor", { name: item.name })}>
              <PrinterIcon /> {t("admin.boonees.label")}
            </Link>
          </Button>
        )}
        {!item.typeId && (item.instances?.instances ?? 0) > 0 && (
          <Button asChild variant="ghost" size="sm">
            <Link
              to={`/admin/labels?type=${item.id}`}
              aria-label={t("admin.boonees.printLabelsFor", { name: item.name })}
            >
              <PrinterIcon /> {t("admin.boonees.printLabels")}
            </Link>
          </Button>
        )}
        {item.code && (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/sun-tag/${item.id}`} aria-label={t("admin.boonees.sunTagFor", { name: item.name })}>
              <NfcIcon /> {t("admin.boonees.sunTag")}
            </Link>
          </Button>
        )}
        {!item.ownerId && item.code && <ReplaceCodeButton item={item} />}
        <DeleteButton item={item} />
      </div>
    </li>
  );
}

function EditDialog({ item }: { item: Item }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>({ key: EDIT_FETCHER });
  const [wanted, setWanted] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.id === item.id ? fetcher.data : undefined;
  // Saved: the dialog closes; opening it again starts without the old answer.
  const saved = fetcher.state === "idle" && result?.ok === true;
  const open = wanted && !saved;
  const setOpen = (next: boolean) => {
    if (next) fetcher.reset();
    setWanted(next);
  };
  const errors = result && !result.ok ? result.errors : {};
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

/** Replaces an unclaimed figure's code after a confirmation; the page then shows the new claim URL and QR code. */
function ReplaceCodeButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>({ key: REPLACE_FETCHER });
  return (
    <ConfirmButton
      title={t("admin.boonees.replaceTitle", { name: item.name })}
      description={t("admin.boonees.replaceConfirm")}
      confirmLabel={t("admin.boonees.replaceCode")}
      disabled={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "replaceCode", id: item.id }, { method: "post" })}
    >
      <RefreshCwIcon /> {t("admin.boonees.replaceCode")}
    </ConfirmButton>
  );
}

/**
 * The new code of a replaced figure, whatever the list shows now. A list searched by the old code
 * (which no longer matches anything) follows to the new one, so the figure stays on screen too.
 */
function ReplacedCodeDialog({ q, status }: { q: string; status: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionResult>({ key: REPLACE_FETCHER });
  const [shown, setShown] = useState<ActionResult | null>(null);
  const result = fetcher.data?.intent === "replaceCode" ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (!result.ok) {
      toast.error(t(dataKey(result.error ?? "admin.boonees.replaceError")));
      return;
    }
    setShown(result);
    if (q && result.previousCode && normalizeCode(q) === result.previousCode)
      navigate(listHref("/admin/boonees", { q: result.code, status }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not again after the list follows
  }, [fetcher.state, result]);
  if (!shown?.ok || shown.intent !== "replaceCode") return null;
  return (
    <Dialog open onOpenChange={(open) => !open && setShown(null)}>
      <DialogContent className="max-w-lg">
        <DialogHeader className="sr-only">
          <DialogTitle>{t("admin.boonees.replacedTitle", { name: shown.name })}</DialogTitle>
          <DialogDescription>{t("admin.boonees.replacedIntro")}</DialogDescription>
        </DialogHeader>
        <ClaimUrlResult
          {...shown}
          title={t("admin.boonees.replacedTitle", { name: shown.name })}
          intro={t("admin.boonees.replacedIntro")}
        />
      </DialogContent>
    </Dialog>
  );
}

function DeleteButton({ item }: { item: Item }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  const instances = item.instances?.instances ?? 0;
  return (
    <ConfirmButton
      destructive
      refused={instances > 0}
      title={t("admin.boonees.deleteTitle", { name: item.name })}
      description={t("admin.boonees.deleteConfirm")}
      confirmLabel={t("admin.boonees.delete")}
      disabled={busy}
      extra={
        <>
          {/* Which of a type's figures goes: its number and code, as on its card. */}
          <FigureIdentity number={item.number} code={item.code} placementNote={null} />
          {item.ownerId && (
            <p className="text-sm font-semibold text-destructive">{t("admin.boonees.deleteClaimedWarning")}</p>
          )}
          {instances > 0 && (
            <p className="text-sm font-semibold text-destructive" data-testid="delete-type-refused">
              {t("admin.boonees.deleteTypeWithInstances", { count: instances })}
            </p>
          )}
        </>
      }
      onConfirm={() => fetcher.submit({ intent: "delete", id: item.id }, { method: "post" })}
    >
      <Trash2Icon /> {t("admin.boonees.delete")}
    </ConfirmButton>
  );
}
