import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { data, Form, Link, useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/currency-settings";
import { requirePermission } from "../../auth/guards.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { DataTable, type DataColumn } from "../../components/ui/data-table.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { cardVariants } from "../../components/ui/card.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Flag } from "../../components/ui/flag.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useIsMessageKey, useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { BASE_CURRENCY } from "../../lib/money.ts";
import { addCurrency, updateCurrencyRate } from "../../services/reference/currency-admin.server.ts";
import { listCurrencies } from "../../services/reference/reference.server.ts";
import { answerAction, formRefusal } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

const PATH = "/dashboard/currency-settings";
const ADD_FIELDS = ["name", "code", "symbol", "ratePerUsd", "countryCode"] as const;
type AddValues = Partial<Record<(typeof ADD_FIELDS)[number], string>>;

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, "currency:manage");
  return { currencies: await listCurrencies() };
}

/** A rate as the toast says it: every stored decimal that is not a trailing zero. */
function rateText(rate: string): string {
  return new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(Number(rate));
}

/**
 * Two forms post here: a row's rate ("edit-rate") and the Add Currency dialog ("add"). A rate is
 * answered with a toast either way (the spec's "Invalid Rate"); a refused new currency shows the
 * dialog's fields again with their messages (400), and nothing is written.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "currency:manage");
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (form.get("intent")) {
    case "edit-rate":
      return answerAction(
        () =>
          updateCurrencyRate({
            actor: viewer,
            code: text("code"),
            input: { ratePerUsd: text("ratePerUsd") },
          }),
        {
          success: (currency) =>
            redirectWithToast(PATH, {
              title: "dashboard.currency.rateUpdated",
              description: "dashboard.currency.rateUpdatedDescription",
              params: { rate: rateText(currency.ratePerUsd), code: currency.code },
            }),
          refused: (error) =>
            redirectWithToast(PATH, {
              title: "dashboard.currency.errors.invalidRateTitle",
              description: error.message,
              variant: "destructive",
            }),
        },
      );
    case "add": {
      const values: AddValues = Object.fromEntries(ADD_FIELDS.map((name) => [name, text(name)]));
      return answerAction(() => addCurrency({ actor: viewer, input: values }), {
        success: (currency) =>
          redirectWithToast(PATH, {
            title: "dashboard.currency.added",
            description: "dashboard.currency.addedDescription",
            params: { name: currency.name, code: currency.code },
          }),
        // The page says it in the spec's words, which name the code.
        fieldErrors: (fieldErrors) =>
          formRefusal(
            fieldErrors.code === "dashboard.currency.errors.codeInUse"
              ? { ...fieldErrors, code: "dashboard.currency.errors.codeTaken" }
              : fieldErrors,
            values,
          ),
      });
    }
    default:
      throw data(null, { status: 400 });
  }
}

type CurrencyRow = Route.ComponentProps["loaderData"]["currencies"][number];
type AddRefusal = { fieldErrors: Record<string, string>; values: AddValues };

function Code({ currency }: { currency: CurrencyRow }) {
  return (
    <span className="flex items-center gap-2 font-semibold text-ink">
      <Flag countryCode={currency.countryCode} />
      {currency.code}
    </span>
  );
}

/** The stored rate without trailing zeros, as the edit box starts. */
function editableRate(rate: string): string {
  return rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate;
}

/** A row's rate edit: a little form of its own; without JavaScript a plain post to the action. */
function RateForm({ currency }: { currency: CurrencyRow }) {
  const t = useT();
  const fetcher = useFetcher();
  // The table and the phone's cards each render the row: ids must differ between the two.
  const id = useId();
  if (currency.code === BASE_CURRENCY) {
    return <span className="text-sm text-subtle">{t("dashboard.currency.base")}</span>;
  }
  return (
    <fetcher.Form
      method="post"
      action={PATH}
      preventScrollReset
      className="flex items-center justify-end gap-2"
    >
      <input type="hidden" name="intent" value="edit-rate" />
      <input type="hidden" name="code" value={currency.code} />
      <label htmlFor={id} className="sr-only">
        {t("dashboard.currency.editRate", { code: currency.code })}
      </label>
      <Input
        id={id}
        key={currency.ratePerUsd}
        name="ratePerUsd"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={editableRate(currency.ratePerUsd)}
        className="h-9 w-32 text-right tabular-nums"
      />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={t("dashboard.currency.saveLabel", { code: currency.code })}
        className={buttonVariants({ variant: "brandOutline", size: "sm" })}
      >
        {t("dashboard.currency.save")}
      </button>
    </fetcher.Form>
  );
}

/** The new currency's fields, with the messages of a refusal and the values as they were sent. */
function AddCurrencyFields({ refusal }: { refusal: AddRefusal | undefined }) {
  const t = useT();
  const isMessageKey = useIsMessageKey();
  const values = refusal?.values ?? {};
  const error = (name: keyof AddValues) => {
    const key = refusal?.fieldErrors[name];
    return key && isMessageKey(key)
      ? t(key, { code: values.code?.trim().toUpperCase() ?? "" })
      : undefined;
  };
  const upper = (event: React.FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    input.value = input.value.toUpperCase();
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t("dashboard.currency.name")}
        name="name"
        required
        maxLength={60}
        defaultValue={values.name}
        error={error("name")}
        className="sm:col-span-2"
      />
      <Field
        label={t("dashboard.currency.code")}
        name="code"
        required
        maxLength={3}
        autoComplete="off"
        onInput={upper}
        defaultValue={values.code}
        error={error("code")}
        className="[&_input]:uppercase"
      />
      <Field
        label={t("dashboard.currency.symbol")}
        name="symbol"
        required
        maxLength={8}
        defaultValue={values.symbol}
        error={error("symbol")}
      />
      <Field
        label={t("dashboard.currency.rate")}
        name="ratePerUsd"
        required
        inputMode="decimal"
        autoComplete="off"
        defaultValue={values.ratePerUsd}
        error={error("ratePerUsd")}
      />
      <Field
        label={t("dashboard.currency.countryCode")}
        hint={t("dashboard.currency.countryCodeHint")}
        name="countryCode"
        maxLength={2}
        autoComplete="off"
        onInput={upper}
        defaultValue={values.countryCode}
        error={error("countryCode")}
        className="[&_input]:uppercase"
      />
    </div>
  );
}

/** The Add Currency dialog; the same form shows in the page before JavaScript (`?add=1`). */
function AddCurrency({ refusal }: { refusal: AddRefusal | undefined }) {
  const t = useT();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<AddRefusal>();
  const [open, setOpen] = useState(searchParams.has("add"));
  const busy = fetcher.state !== "idle";

  // A success redirects (its toast says so) and the fetcher comes back without data: close.
  const [lastState, setLastState] = useState(fetcher.state);
  if (lastState !== fetcher.state) {
    setLastState(fetcher.state);
    if (fetcher.state === "idle" && !fetcher.data) setOpen(false);
  }

  const triggerClass = cn(buttonVariants({ size: "md" }), "gap-1.5");

  if (!hydrated) {
    if (!searchParams.has("add")) {
      return (
        <Link to={`${PATH}?add=1`} className={triggerClass}>
          <Plus aria-hidden className="size-4" />
          {t("dashboard.currency.add")}
        </Link>
      );
    }
    return (
      <section
        aria-labelledby="add-currency-title"
        className={cn(cardVariants({ elevated: false }), "w-full p-5")}
      >
        <SectionHeading as="h3" id="add-currency-title" size="sm">
          {t("dashboard.currency.addTitle")}
        </SectionHeading>
        <p className="mt-1 mb-4 text-sm text-muted">{t("dashboard.currency.addDescription")}</p>
        <Form method="post" action={`${PATH}?add=1`} className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <AddCurrencyFields refusal={refusal} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={PATH} className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("dashboard.currency.cancel")}
            </Link>
            <Button type="submit">{t("dashboard.currency.addSubmit")}</Button>
          </div>
        </Form>
      </section>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger className={triggerClass}>
        <Plus aria-hidden className="size-4" />
        {t("dashboard.currency.add")}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg sm:p-6">
        <DialogTitle>{t("dashboard.currency.addTitle")}</DialogTitle>
        <DialogDescription>{t("dashboard.currency.addDescription")}</DialogDescription>
        <fetcher.Form method="post" action={PATH} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="add" />
          <AddCurrencyFields refusal={fetcher.data ?? refusal} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose className={buttonVariants({ variant: "outline", size: "lg" })}>
              {t("dashboard.currency.cancel")}
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {t("dashboard.currency.addSubmit")}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export default function CurrencySettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const columns: DataColumn<CurrencyRow>[] = [
    { label: t("dashboard.currency.code"), cell: (c) => <Code currency={c} />, inCard: false },
    { label: t("dashboard.currency.name"), cell: (c) => c.name },
    { label: t("dashboard.currency.symbol"), cell: (c) => c.symbol },
    {
      label: t("dashboard.currency.rate"),
      cell: (c) => Number(c.ratePerUsd).toFixed(2),
      numeric: true,
    },
    {
      label: t("dashboard.currency.newRate"),
      cell: (c) => <RateForm currency={c} />,
      numeric: true,
    },
  ];
  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionHeading>{t("dashboard.currency.title")}</SectionHeading>
          <p className="mt-1 text-muted">{t("dashboard.currency.subtitle")}</p>
        </div>
        <AddCurrency refusal={actionData ?? undefined} />
      </div>
      <DataTable
        label={t("dashboard.currency.title")}
        columns={columns}
        rows={loaderData.currencies}
        rowKey={(c) => c.code}
        cardTitle={(c) => <Code currency={c} />}
        tableClassName="max-h-[60vh] overflow-y-auto"
      />
    </div>
  );
}
