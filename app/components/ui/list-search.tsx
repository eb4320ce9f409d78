import { Search } from "lucide-react";
import { Form } from "react-router";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "./button.tsx";
import { Input } from "./input.tsx";

/** The search box above an admin list: a GET form, so results have a URL and work without scripts. */
export function ListSearch({
  action,
  id,
  query,
  texts,
}: {
  action: string;
  id: string;
  query: string;
  texts: { label: string; placeholder: string; button: string };
}) {
  return (
    <Form method="get" action={action} role="search" className="flex w-full gap-2 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        {texts.label}
      </label>
      <div className="relative flex-1 sm:w-72">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint"
        />
        <Input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          key={query}
          placeholder={texts.placeholder}
          className="pl-9"
        />
      </div>
      <button type="submit" className={cn(buttonVariants(), "px-4 text-sm")}>
        {texts.button}
      </button>
    </Form>
  );
}
