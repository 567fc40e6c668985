import { SearchIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";

import { GALLERY_RARITIES, type GalleryRarity } from "#shared/gallery-rarities.ts";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/**
 * Search box and rarity buttons in one GET form, so the filtered view lives in the URL (shareable,
 * survives a reload) and works without JavaScript. Pressing Enter submits with the first button,
 * "Search", which carries the current rarity; each rarity button carries its own. With JavaScript the
 * list also follows the typing (debounced, replacing the history entry).
 */
export function GalleryFilters({
  q,
  rarity,
  city = null,
}: {
  q: string;
  rarity: GalleryRarity | null;
  city?: string | null;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<number | undefined>(undefined);
  const [value, setValue] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setValue(q);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/boonees";

  const onType = (next: string) => {
    setValue(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const params = new URLSearchParams();
      if (next.trim()) params.set("q", next.trim());
      if (rarity) params.set("rarity", rarity);
      if (city) params.set("city", city);
      submit(params, { method: "get", action: "/boonees", replace: true, preventScrollReset: true });
    }, 300);
  };

  // Typed before the app started (the field starts it, decision 025): the list follows what is in the field.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed !== q) onType(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);

  return (
    <Form
      method="get"
      action="/boonees"
      role="search"
      className="grid gap-4"
      preventScrollReset
      onSubmit={() => window.clearTimeout(timer.current)}
    >
      {city && <input type="hidden" name="city" value={city} />}
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor="gallery-q" className="sr-only">
            {t("gallery.searchLabel")}
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={input}
            id="gallery-q"
            type="search"
            name="q"
            value={value}
            onChange={(e) => onType(e.currentTarget.value)}
            data-starts-app
            placeholder={t("gallery.searchPlaceholder")}
            maxLength={100}
            autoComplete="off"
            className="pl-10"
          />
        </div>
        {/* The form's default button: Enter keeps the current rarity. */}
        <Button type="submit" name="rarity" value={rarity ?? ""} aria-busy={searching || undefined}>
          {t("gallery.search")}
        </Button>
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t("gallery.rarityLabel")}</legend>
        {[null, ...GALLERY_RARITIES].map((r) => {
          const active = r === rarity;
          return (
            <button
              key={r ?? "all"}
              type="submit"
              name="rarity"
              value={r ?? ""}
              aria-pressed={active}
              className={cn(
                "inline-flex h-10 items-center rounded-full border-2 px-3.5 text-sm font-bold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-grape",
                active ? "border-ink bg-ink text-paper" : "border-ink/15 bg-white text-ink hover:bg-paper-deep",
              )}
            >
              {r ? t(`common.rarity.${r}`) : t("gallery.all")}
            </button>
          );
        })}
      </fieldset>
    </Form>
  );
}
