import { Form, Link } from "react-router";

import { HINT_TEXT_MAX } from "#shared/drop-limits.ts";
import type { AdminDrop } from "#server/domain/drops/admin-drops.ts";
import { DeliveryCounts } from "~/components/admin/delivery-counts";
import { FigureChip } from "~/components/admin/figure-chip";
import { Field } from "~/components/forms/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

export const dropState = (d: AdminDrop) => (d.cancelledAt ? "cancelled" : d.releasedAt ? "released" : "waiting");

/** One drop in the admin list: state, time, figures, hints (add, fix, remove), preview, edit and cancel. */
export function DropAdminCard({ drop }: { drop: AdminDrop }) {
  const { t } = useTranslation();
  const dates = useDates(drop.timeZone);
  const state = dropState(drop);
  return (
    <Card id={`drop-${drop.id}`} className="scroll-mt-20 p-4" data-testid="admin-drop" data-state={state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {/* both titles, each marked with its language (screen readers, the language-leak test) */}
          <h3 lang="de" className="font-display text-lg font-bold wrap-anywhere">
            {drop.titleDe}
          </h3>
          <p lang="en" className="text-sm text-muted-foreground wrap-anywhere">
            {drop.titleEn}
          </p>
        </div>
        <Badge variant={state === "waiting" ? "secondary" : state === "released" ? "default" : "outline"}>
          {t(`drops.admin.state.${state}`)}
        </Badge>
      </div>
      <p className="mt-2 text-sm">
        {t("drops.admin.releaseAtShown", { when: dates.stamp(drop.releasedAt ?? drop.releaseAt) })}
      </p>
      <h4 className="mt-2 text-sm font-bold">{t("drops.admin.figuresCount", { count: drop.figures.length })}</h4>
      <ul className="mt-1 grid gap-1 sm:grid-cols-2" data-testid="admin-drop-figures">
        {drop.figures.map((f) => (
          <li key={f.id} className="flex items-center justify-between gap-2 rounded-lg bg-paper px-2 py-1 text-sm">
            <FigureChip figure={f} />
            {f.found && <Badge variant="success">{t("drops.admin.figureFound")}</Badge>}
            {!f.found && f.status === "Archived" && (
              <Badge variant="outline" data-testid="admin-drop-figure-archived">
                {t("drops.admin.figureArchived")}
              </Badge>
            )}
          </li>
        ))}
      </ul>
      {state === "released" && (
        <p className="mt-1 text-sm text-muted-foreground">
          <DeliveryCounts counts={drop.deliveries} />
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {state !== "cancelled" && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/drops?edit=${drop.id}`}>{t("drops.admin.edit")}</Link>
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <Link to={`/admin/drops?copy=${drop.id}`}>{t("drops.admin.duplicate")}</Link>
        </Button>
        {state !== "cancelled" && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/drops?preview=${drop.id}`}>{t("drops.admin.preview")}</Link>
          </Button>
        )}
        {state === "released" && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/drops/${drop.id}`}>{t("drops.admin.publicPage")}</Link>
          </Button>
        )}
        {state === "waiting" && (
          <Form method="post" onSubmit={(e) => !window.confirm(t("drops.admin.cancelConfirm")) && e.preventDefault()}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="dropId" value={drop.id} />
            <Button type="submit" size="sm" variant="destructive">
              {t("drops.admin.cancel")}
            </Button>
          </Form>
        )}
      </div>
      {state !== "cancelled" && <DropHintsAdmin drop={drop} />}
    </Card>
  );
}

function DropHintsAdmin({ drop }: { drop: AdminDrop }) {
  const { t } = useTranslation();
  const dates = useDates(drop.timeZone);
  return (
    <section
      aria-label={t("drops.admin.hints", { count: drop.hints.length })}
      className="mt-4 rounded-xl border-2 border-ink/10 p-3"
    >
      <h4 className="font-bold">{t("drops.admin.hints", { count: drop.hints.length })}</h4>
      <ul className="mt-2 grid gap-3">
        {drop.hints.map((h) => (
          <li key={h.id} className="rounded-lg bg-paper p-2" data-testid="admin-drop-hint">
            <p className="text-xs text-muted-foreground">
              {h.releasedAt
                ? t("drops.admin.hintReleased", { when: dates.stamp(h.releasedAt) })
                : t("drops.admin.hintWaiting", { when: dates.stamp(h.releaseAt) })}
            </p>
            <Form method="post" className="mt-1 grid gap-2 sm:grid-cols-2">
              <input type="hidden" name="intent" value="editHint" />
              <input type="hidden" name="hintId" value={h.id} />
              <Field
                id={`hint-de-${h.id}`}
                name="textDe"
                label={t("drops.admin.hintDe")}
                required
                maxLength={HINT_TEXT_MAX}
                defaultValue={h.textDe}
              />
              <Field
                id={`hint-en-${h.id}`}
                name="textEn"
                label={t("drops.admin.hintEn")}
                required
                maxLength={HINT_TEXT_MAX}
                defaultValue={h.textEn}
              />
              <Button type="submit" size="sm" variant="outline" className="justify-self-start">
                {t("drops.admin.save")}
              </Button>
            </Form>
            {!h.releasedAt && (
              <Form method="post" className="mt-1">
                <input type="hidden" name="intent" value="removeHint" />
                <input type="hidden" name="hintId" value={h.id} />
                <Button type="submit" size="sm" variant="ghost">
                  {t("drops.admin.removeHint")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {/* keyed by the hints: once one is added the form starts empty again */}
      <Form
        key={drop.hints.map((h) => h.id).join()}
        method="post"
        className="mt-3 grid gap-2 sm:grid-cols-2"
        data-testid="add-hint-form"
      >
        <input type="hidden" name="intent" value="addHint" />
        <input type="hidden" name="dropId" value={drop.id} />
        <Field
          id={`new-hint-de-${drop.id}`}
          name="textDe"
          label={t("drops.admin.hintDe")}
          required
          maxLength={HINT_TEXT_MAX}
        />
        <Field
          id={`new-hint-en-${drop.id}`}
          name="textEn"
          label={t("drops.admin.hintEn")}
          required
          maxLength={HINT_TEXT_MAX}
        />
        <Field
          id={`new-hint-at-${drop.id}`}
          name="releaseAt"
          type="datetime-local"
          step={1}
          label={t("drops.admin.hintAt")}
          required
        />
        <Button type="submit" size="sm" className="self-end justify-self-start">
          {t("drops.admin.addHint")}
        </Button>
      </Form>
    </section>
  );
}
