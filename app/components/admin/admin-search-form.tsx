import { SearchIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";

/** A filter select beside the search box; choosing an option sends the form. */
export interface SearchFilter {
  id: string;
  name: string;
  label: string;
  value?: string;
  options: readonly { value: string; label: string }[];
  /** Its width from the small breakpoint on (a Tailwind class). */
  width: string;
}

/**
 * The admin lists' search (GET, `q`): a labelled search box with its icon, an optional filter and the
 * button. `formKey` renews the form when the loader's values change (back and forward keep them true).
 */
export function AdminSearchForm({
  id,
  label,
  placeholder,
  q,
  formKey,
  button,
  filter,
  searching = false,
  className = "",
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string;
  formKey: string;
  button: string;
  filter?: SearchFilter;
  searching?: boolean;
  className?: string;
  /** Hidden fields the search keeps (a tab). */
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className={`flex flex-col gap-3 sm:flex-row ${className}`} key={formKey}>
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          placeholder={placeholder}
          className="pl-9"
          maxLength={100}
        />
      </div>
      {filter && (
        <>
          <label htmlFor={filter.id} className="sr-only">
            {filter.label}
          </label>
          <NativeSelect
            id={filter.id}
            name={filter.name}
            defaultValue={filter.value}
            wrapperClassName={filter.width}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </>
      )}
      <Button type="submit" variant="outline" disabled={searching}>
        {button}
      </Button>
    </Form>
  );
}
