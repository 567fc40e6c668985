/**
 * Classes that turn a table into cards below 768 px (one markup, so no control exists twice and
 * nothing scrolls sideways); from md up it stays a table.
 */
export const stacked = {
  table: "max-md:block",
  head: "max-md:hidden",
  body: "max-md:grid max-md:gap-3 max-md:p-3 max-md:[&_tr:last-child]:border-2",
  row: "max-md:block max-md:rounded-xl max-md:border-2 max-md:border-ink/10 max-md:bg-white max-md:p-3",
  cell: "max-md:block max-md:px-0 max-md:py-1 max-md:max-w-none",
  /** a cell that names its column on a card (from its data-label) */
  labelled:
    "max-md:before:mr-1 max-md:before:text-xs max-md:before:font-extrabold max-md:before:text-muted-foreground max-md:before:uppercase max-md:before:content-[attr(data-label)]",
} as const;
