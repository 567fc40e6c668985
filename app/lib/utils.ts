import { clsx, type ClassValue } from "clsx";

/**
 * Class names joined, a later utility replacing an earlier one of the same kind (a component's `px-5` by its
 * caller's `px-2`; `p-5` replaces an earlier `pt-2`), as tailwind-merge did, without its 8 KB (decision 056): this
 * knows the kinds of utility the app writes. tests/unit/class-merge.test.ts checks it against tailwind-merge for
 * every pair of class names in app/; a class of an unknown kind is kept, never dropped.
 */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs).split(" ");
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const name = classes[i];
    if (!name) continue;
    const kind = classKind(name);
    if (kind) {
      if (seen.has(kind.key)) continue;
      seen.add(kind.key);
      for (const other of kind.replaces) seen.add(kind.variants + other);
    }
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

const SIZES = /^(xs|sm|base|md|lg|[2-9]?xl)$/;
/** A value of a spacing or sizing utility (not a word that only starts like one, such as `my-report`). */
const VALUE =
  /^(\d+(\.\d+)?|\d+\/\d+|px|auto|full|screen|[sld]v[hw]|min|max|fit|prose|none|[2-7]?xs|sm|md|lg|[2-7]?xl|\[.+\]|\(.+\))$/;
const NUMBER = /^\d+(\.\d+)?$/;
const LENGTH = /^\[(\d|calc|length:)/;
const sides = (group: string, all: string[]) => Object.fromEntries(all.map((s) => [s, `${group}${s}`]));

/** Groups a wider utility replaces, by group (p replaces pt; size replaces w and h). */
const REPLACES: Record<string, string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  rounded: ["rounded-s", "rounded-e", "rounded-t", "rounded-r", "rounded-b", "rounded-l"].flatMap((s) => [s]),
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
  ],
  "line-clamp": ["display", "overflow"],
  flex: ["basis", "grow", "shrink"],
  "font-size": ["leading"],
};

const WORDS: Record<string, string> = {
  ...Object.fromEntries(
    "block inline-block inline flex inline-flex table inline-table table-row table-cell flow-root grid inline-grid contents list-item hidden"
      .split(" ")
      .map((w) => [w, "display"]),
  ),
  ...Object.fromEntries("static fixed absolute relative sticky".split(" ").map((w) => [w, "position"])),
  ...Object.fromEntries("visible invisible collapse".split(" ").map((w) => [w, "visibility"])),
  ...Object.fromEntries("sr-only not-sr-only".split(" ").map((w) => [w, "sr"])),
  ...Object.fromEntries("underline overline line-through no-underline".split(" ").map((w) => [w, "decoration-line"])),
  ...Object.fromEntries("uppercase lowercase capitalize normal-case".split(" ").map((w) => [w, "text-transform"])),
  ...Object.fromEntries("italic not-italic".split(" ").map((w) => [w, "font-style"])),
  ...Object.fromEntries("tabular-nums proportional-nums".split(" ").map((w) => [w, "fvn-spacing"])),
  ...Object.fromEntries("truncate text-ellipsis text-clip".split(" ").map((w) => [w, "text-overflow"])),
  ...Object.fromEntries("grow grow-0".split(" ").map((w) => [w, "grow"])),
  ...Object.fromEntries("shrink shrink-0".split(" ").map((w) => [w, "shrink"])),
  isolate: "isolation",
  "isolation-auto": "isolation",
  ...Object.fromEntries(
    "transition transition-all transition-colors transition-opacity transition-shadow transition-transform transition-none"
      .split(" ")
      .map((w) => [w, "transition"]),
  ),
  ...sides("", []),
};

/** The kind of a class (its variants and group) and the groups it replaces, or null: never replaced. */
function classKind(name: string): { key: string; variants: string; replaces: string[] } | null {
  // variants: everything before the last ':' outside brackets
  let depth = 0;
  let split = -1;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) split = i;
  }
  const variants = name.slice(0, split + 1);
  let base = name.slice(split + 1);
  const important = base.startsWith("!") || base.endsWith("!");
  base = base.replace(/^!|!$/g, "").replace(/^-/, "");
  const group = groupOf(base);
  if (!group) return null;
  const prefix = variants + (important ? "!" : "");
  return { key: prefix + group, variants: prefix, replaces: REPLACES[group] ?? [] };
}

function groupOf(base: string): string | null {
  if (WORDS[base]) return WORDS[base];
  const dash = base.indexOf("-");
  if (dash < 0) {
    if (base === "border") return "border-w";
    if (base === "rounded") return "rounded";
    if (base === "shadow") return "shadow";
    if (base === "ring") return "ring-w";
    if (base === "outline") return "outline-w";
    return null;
  }
  const head = base.slice(0, dash);
  const value = base.slice(dash + 1);
  switch (head) {
    case "p":
    case "px":
    case "py":
    case "ps":
    case "pe":
    case "pt":
    case "pr":
    case "pb":
    case "pl":
    case "m":
    case "mx":
    case "my":
    case "ms":
    case "me":
    case "mt":
    case "mr":
    case "mb":
    case "ml":
    case "w":
    case "h":
    case "size":
    case "top":
    case "right":
    case "bottom":
    case "left":
    case "start":
    case "end":
    case "z":
    case "order":
    case "opacity":
    case "basis":
    case "leading":
    case "tracking":
    case "aspect":
    case "duration":
    case "ease":
    case "delay":
    case "cursor":
    case "whitespace":
    case "break":
    case "accent":
    case "fill":
    case "stroke":
    case "self":
    case "items":
    case "hyphens":
    case "select":
    case "resize":
    case "scale":
    case "rotate":
    case "blur":
    case "grayscale":
    case "animate":
    case "underline":
      if (head === "underline") return value.startsWith("offset") ? "underline-offset" : null;
      if (head === "select") return /^(none|text|all|auto)$/.test(value) ? head : null;
      return /^([pm][xytrblse]?|w|h|size|top|right|bottom|left|start|end|basis)$/.test(head) && !VALUE.test(value)
        ? null
        : head;
    case "min":
    case "max":
    case "inset":
    case "gap":
    case "overflow":
    case "translate":
    case "space":
    case "col":
    case "row":
    case "grid":
    case "line":
    case "pointer":
    case "list":
    case "scroll":
    case "object":
    case "justify":
    case "place":
    case "auto":
    case "backdrop":
    case "flex":
    case "content": {
      const [second, ...rest] = value.split("-");
      if (
        /^(min|max|inset|gap)$/.test(head) &&
        !VALUE.test(head === "min" || head === "max" ? rest.join("-") : value.replace(/^[xy]-/, ""))
      )
        return null;
      if (head === "flex") {
        if (/^(row|col)(-reverse)?$/.test(value)) return "flex-direction";
        if (/^(wrap|nowrap|wrap-reverse)$/.test(value)) return "flex-wrap";
        return "flex";
      }
      if (head === "content")
        return /^(normal|center|start|end|between|around|evenly|baseline|stretch)$/.test(value)
          ? "align-content"
          : /^(none|\[)/.test(value)
            ? "content"
            : null;
      if (head === "object")
        return /^(contain|cover|fill|none|scale-down)$/.test(value) ? "object-fit" : "object-position";
      if (head === "list") return /^(inside|outside)$/.test(value) ? "list-position" : "list-style";
      if (head === "line") return second === "clamp" ? "line-clamp" : null;
      if (head === "justify") return second === "items" || second === "self" ? `justify-${second}` : "justify-content";
      if (head === "place") return `place-${second}`;
      if (head === "pointer") return "pointer-events";
      if (head === "grid")
        return second === "cols" || second === "rows" ? `grid-${second}` : second === "flow" ? "grid-flow" : null;
      if (head === "col" || head === "row") return second === "span" ? `${head}-start-end` : `${head}-${second}`;
      if (head === "min" || head === "max" || head === "translate" || head === "auto") return `${head}-${second}`;
      if (head === "backdrop") return `backdrop-${second}`;
      if (head === "scroll") return second === "smooth" || second === "auto" ? "scroll-behavior" : `scroll-${second}`;
      if ((second === "x" || second === "y") && (head !== "space" || rest.length)) return `${head}-${second}`;
      if (head === "space") return `space-${second}${rest[0] === "reverse" ? "-reverse" : ""}`;
      return head;
    }
    case "text":
      if (SIZES.test(value) || LENGTH.test(value)) return "font-size";
      if (/^(left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
      return "text-color";
    case "font":
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d)/.test(value)
        ? "font-weight"
        : "font-family";
    case "bg":
      // bg-gradient-to-* as a colour, as tailwind-merge 3 took it (so a page looks as it did)
      if (/^(linear-|radial|conic|none$|\[url)/.test(value)) return "bg-image";
      if (/^(auto|cover|contain)$/.test(value)) return "bg-size";
      if (/^(center|top|bottom|left|right)/.test(value)) return "bg-position";
      if (/repeat/.test(value)) return "bg-repeat";
      if (/^(fixed|local|scroll)$/.test(value)) return "bg-attachment";
      if (/^(clip|origin|blend)-/.test(value)) return `bg-${value.split("-")[0]}`;
      return "bg-color";
    case "from":
    case "via":
    case "to":
      return /%$/.test(value) ? `${head}-position` : head;
    case "border":
    case "rounded": {
      const side = /^(x|y|s|e|t|r|b|l|tl|tr|br|bl|ss|se|es|ee)(-|$)/.exec(value)?.[1];
      const rest = side ? value.slice(side.length + 1) : value;
      if (head === "rounded") return side ? `rounded-${side}` : "rounded";
      if (!side && /^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return "border-style";
      if (!side && /^(collapse|separate)$/.test(rest)) return "border-collapse";
      if (!side && rest.startsWith("spacing")) return "border-spacing";
      const width = rest === "" || NUMBER.test(rest) || LENGTH.test(rest) || /^\[\d+px\]$/.test(rest);
      return `border-${width ? "w" : "color"}${side ? `-${side}` : ""}`;
    }
    case "shadow":
      return SIZES.test(value) || /^(none|inner|\[\d|\[inset|\[0)/.test(value) ? "shadow" : "shadow-color";
    case "ring":
      if (value.startsWith("offset")) return "ring-offset";
      return NUMBER.test(value) || LENGTH.test(value) ? "ring-w" : value === "inset" ? "ring-inset" : "ring-color";
    case "outline":
      if (value.startsWith("offset")) return "outline-offset";
      if (/^(none|solid|dashed|dotted|double|hidden)$/.test(value)) return "outline-style";
      return NUMBER.test(value) || LENGTH.test(value) ? "outline-w" : "outline-color";
    case "decoration":
      if (/^(solid|double|dotted|dashed|wavy)$/.test(value)) return "decoration-style";
      return NUMBER.test(value) || value === "auto" || value === "from-font"
        ? "decoration-thickness"
        : "decoration-color";
    case "transition":
      return "transition";
    case "table":
      return /^(auto|fixed)$/.test(value) ? "table-layout" : null;
    default:
      return null;
  }
}
