import type { ActivityDetails, ActivityValue } from "#shared/activity.ts";
import { FIGURE_FIELDS, isEnglishField, STATUSES } from "#shared/figure-fields.ts";
import type { Lang } from "#shared/i18n-config.ts";
import { ROLES } from "#shared/roles.ts";
import { PersonName, TextWithName } from "~/components/person-name";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

/** The label of a changed field in the log (the form's label; files and the note have their own). */
const FIELD_LABEL: Record<string, string> = {
  imageUrl: "admin.fields.image",
  welcomeVideoUrl: "admin.fields.video",
  placementNote: "admin.csv.placementNote",
};

/** Old role entries carried the new role as a raw value in their label ("Name → moderator"). */
const LEGACY_ROLE_LABEL = new RegExp(`^(.*) → (${ROLES.join("|")})$`);

/**
 * What an activity entry is about: its label, which figure of a type (number, owner), and what it
 * changed (before → after) in the reader's language. Entries written before details existed show their label.
 */
export function ActivityObject({
  entry,
}: {
  entry: { action: string; objectLabel: string | null; details: ActivityDetails | null };
}) {
  const { t, i18n } = useTranslation();
  const d = entry.details;
  const value = (field: string, v: ActivityValue) => {
    if (v === null || v === "") return "—";
    if (field === "status" && (STATUSES as readonly unknown[]).includes(v)) return t(dataKey(`admin.status.${v}`));
    return String(v);
  };
  let label = entry.objectLabel;
  const legacy = !d && entry.action === "role.changed" && label ? LEGACY_ROLE_LABEL.exec(label) : null;
  if (legacy) label = `${legacy[1]} → ${t(dataKey(`admin.users.role.${legacy[2]}`))}`;
  const facts = [
    d?.figure ? t("admin.activity.figure", { name: d.figure }) : null,
    d?.number ? t("admin.activity.number", { number: d.number }) : null,
    d?.place ? t("admin.activity.place", { place: d.place }) : null,
    typeof d?.reached === "number" ? t("admin.activity.reached", { count: d.reached }) : null,
    d?.drop ? t("admin.activity.drop", { drop: i18n.language === "en" ? d.drop.en : d.drop.de }) : null,
  ].filter(Boolean);
  return (
    <>
      {label ? <PersonName>{label}</PersonName> : <span>—</span>}
      {(facts.length > 0 || d?.owner || d?.author) && (
        <span className="block text-xs text-muted-foreground">
          {facts.join(" · ")}
          {facts.length > 0 && d?.owner && " · "}
          {d?.owner && <TextWithName i18nKey="admin.activity.owner" name={d.owner} />}
          {(facts.length > 0 || d?.owner) && d?.author && " · "}
          {d?.author && <TextWithName i18nKey="admin.activity.author" name={d.author} />}
        </span>
      )}
      {d?.role && (
        <span className="block text-sm" data-testid="activity-role">
          {t(dataKey(`admin.users.role.${d.role.from}`))} → {t(dataKey(`admin.users.role.${d.role.to}`))}
        </span>
      )}
      {d?.changes && d.changes.length > 0 && (
        <ul className="mt-1 grid gap-0.5 text-sm" data-testid="activity-changes">
          {d.changes.map((c) => (
            <li key={c.field}>
              <span className="font-semibold">{t(dataKey(FIELD_LABEL[c.field] ?? `admin.fields.${c.field}`))}:</span>{" "}
              {c.from === null && c.to === null && FIELD_LABEL[c.field] && c.field !== "placementNote" ? (
                t("admin.activity.replaced")
              ) : (
                <>
                  <FieldValue field={c.field} text={value(c.field, c.from)} /> →{" "}
                  <FieldValue field={c.field} text={value(c.field, c.to)} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {d?.changes && d.changes.length === 0 && (
        <span className="block text-xs text-muted-foreground">{t("admin.activity.noChanges")}</span>
      )}
    </>
  );
}

/** The language a written field is in: German for a translatable one, English for its companion. */
const FIELD_LANG = new Map<string, Lang>(
  FIGURE_FIELDS.flatMap((f): [string, Lang][] =>
    isEnglishField(f) ? [[f.key, "en"]] : f.translatable ? [[f.key, "de"]] : [],
  ),
);

/** A value as it was written, marked with its language where the field has one ("—" and other values as shown). */
function FieldValue({ field, text }: { field: string; text: string }) {
  const lang = text === "—" ? undefined : FIELD_LANG.get(field);
  return lang ? <span lang={lang}>{text}</span> : <>{text}</>;
}
