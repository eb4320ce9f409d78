import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { formatMinor } from "../../lib/money.ts";
import { formatPaymentTime } from "../../lib/payment-receipt.ts";
import type { PaymentStatus } from "../../lib/payment-values.ts";
import type { PaymentList, PaymentSummary } from "../../lib/schemas/payments.ts";
import { Badge } from "../ui/badge.tsx";
import { DataTable, type DataColumn } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { Pager } from "../ui/pager.tsx";

const PATH = "/dashboard/payments";
const STATUS_TONE: Record<PaymentStatus, "warning" | "success" | "danger" | "neutral"> = {
  pending: "warning",
  paid: "success",
  failed: "danger",
  cancelled: "neutral",
};

function pageHref(page: number): string {
  return page > 1 ? `${PATH}?page=${page}` : PATH;
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const t = useT();
  return <Badge tone={STATUS_TONE[status]}>{t(`payments.receipt.statuses.${status}`)}</Badge>;
}

/**
 * The Payments tab's list: one's payments (every one for the administrator, with the payer),
 * newest first, each with its page (the receipt once paid).
 */
export function PaymentListSection({ list, showPayer }: { list: PaymentList; showPayer: boolean }) {
  const t = useT();
  const link = (payment: PaymentSummary) => (
    <Link
      to={`${PATH}/${payment.id}`}
      aria-label={t("payments.receipt.list.openLabel", {
        id: payment.id,
        what: payment.description,
      })}
      className="font-medium text-primary-strong underline underline-offset-2"
    >
      {payment.status === "paid"
        ? t("payments.receipt.list.receipt")
        : t("payments.receipt.list.open")}
    </Link>
  );
  const columns: DataColumn<PaymentSummary>[] = [
    {
      label: t("payments.receipt.list.date"),
      cell: (payment) => formatPaymentTime(payment.paidAt ?? payment.createdAt),
    },
    {
      label: t("payments.receipt.list.what"),
      cell: (payment) => payment.description,
      inCard: false,
    },
    ...(showPayer
      ? [
          {
            label: t("payments.receipt.list.payer"),
            cell: (payment: PaymentSummary) => payment.payer.name || payment.payer.email,
          },
        ]
      : []),
    {
      label: t("payments.receipt.list.amount"),
      numeric: true,
      cell: (payment) => (
        <>
          {formatMinor(payment.amountMinor, payment.currency)}
          {payment.refundedMinor > 0 && (
            <span className="block text-xs text-subtle">
              {t("payments.receipt.list.refunded", {
                amount: formatMinor(payment.refundedMinor, payment.currency),
              })}
            </span>
          )}
        </>
      ),
    },
    {
      label: t("payments.receipt.list.status"),
      cell: (payment) => <PaymentStatusBadge status={payment.status} />,
    },
    { label: t("payments.receipt.list.receipt"), cell: link },
  ];

  if (list.total === 0) {
    return (
      <EmptyState
        title={t("payments.receipt.list.empty")}
        body={t("payments.receipt.list.emptyBody")}
      />
    );
  }
  return (
    <section aria-labelledby="payment-list-title">
      <h3 id="payment-list-title" className="sr-only">
        {t("payments.receipt.list.label")}
      </h3>
      <p className="mb-3 text-sm text-muted">
        {t("payments.receipt.list.total", { count: list.total })}
      </p>
      <DataTable
        label={t("payments.receipt.list.label")}
        columns={columns}
        rows={list.payments}
        rowKey={(payment) => payment.id}
        cardTitle={(payment) => payment.description}
      />
      <Pager
        page={list.page}
        pageCount={list.pageCount}
        href={pageHref}
        texts={{
          pages: t("payments.receipt.list.pages"),
          previous: t("payments.receipt.list.previous"),
          next: t("payments.receipt.list.next"),
          pageOf: t("payments.receipt.list.pageOf", {
            page: list.page,
            pageCount: list.pageCount,
          }),
        }}
      />
    </section>
  );
}
