import { cloneElement, isValidElement, type ReactNode, type Ref } from "react";

type Props = Record<string, unknown> & { children?: ReactNode };

/**
 * `asChild`: renders its one child with the slot's props merged in (Radix's Slot, which was 1 KB of every page,
 * decision 056): the child's own props win, handlers of both run (the child's first), class names are joined (a
 * NavLink's class function stays), styles merge, and both refs are set.
 */
export function Slot({ children, ...slot }: Props) {
  if (!isValidElement<Props>(children)) return null;
  const own = children.props;
  const merged: Props = { ...slot, ...own };
  for (const key of Object.keys(slot)) {
    const a = slot[key];
    const b = own[key];
    if (/^on[A-Z]/.test(key) && typeof a === "function" && typeof b === "function")
      merged[key] = (...args: unknown[]) => {
        b(...args);
        a(...args);
      };
    else if (key === "className" && typeof b === "string") merged.className = [a, b].filter(Boolean).join(" ");
    else if (key === "style") merged.style = { ...(a as object), ...(b as object) };
    else if (key === "ref" && a && b)
      merged.ref = (node: unknown) => [a, b].forEach((r) => setRef(r as Ref<unknown>, node));
    else if (b === undefined) merged[key] = a;
  }
  return cloneElement(children, merged);
}

function setRef(ref: Ref<unknown>, node: unknown) {
  if (typeof ref === "function") ref(node);
  else if (ref) (ref as { current: unknown }).current = node;
}
