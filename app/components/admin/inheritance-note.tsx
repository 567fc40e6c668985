import { INHERITED_FIELDS, inheritInputName } from "#shared/inherited-fields.ts";
import { fieldLabel } from "~/components/admin/figure-fields";
import { useTranslation } from "~/lib/use-translation";

interface TypeOrInstance {
  typeId: string | null;
  overriddenFields: string[];
  instances: { instances: number; withOwnValues: number } | null;
}

/**
 * In the edit dialog (decision 015): for a type, how many instances its changes reach; for an
 * instance, the fields it sets itself, each with "use the type's value again".
 */
export function InheritanceNote({ item, idPrefix }: { item: TypeOrInstance; idPrefix: string }) {
  const { t } = useTranslation();
  if (!item.typeId) {
    const counts = item.instances ?? { instances: 0, withOwnValues: 0 };
    if (counts.instances === 0) return null;
    return (
      <p role="note" className="rounded-xl bg-grape-light/40 px-4 py-3 text-sm font-semibold" data-testid="type-reach">
        {t("admin.inherit.typeReach", { count: counts.instances })}
        {counts.withOwnValues > 0 && <> {t("admin.inherit.typeOwnValues", { count: counts.withOwnValues })}</>}
      </p>
    );
  }
  const own = INHERITED_FIELDS.filter((f) => item.overriddenFields.includes(f.column));
  return (
    <div
      role="note"
      className="grid gap-2 rounded-xl bg-paper-deep/60 px-4 py-3 text-sm"
      data-testid="instance-own-values"
    >
      <p className="font-semibold">
        {own.length ? t("admin.inherit.instanceOwn") : t("admin.inherit.instanceFollows")}
      </p>
      {own.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {own.map((f) => (
            <li key={f.column}>
              <label htmlFor={`${idPrefix}${inheritInputName(f.column)}`} className="inline-flex items-center gap-2">
                <input
                  id={`${idPrefix}${inheritInputName(f.column)}`}
                  type="checkbox"
                  name={inheritInputName(f.column)}
                  className="size-4 accent-grape"
                />
                {t("admin.inherit.useTypeValue", { field: fieldLabel(f, t) })}
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
