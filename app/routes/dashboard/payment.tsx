import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/payment";
import { requirePermission } from "../../auth/guards.server.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { PendingPayment, UnpaidPayment } from "../../components/payments/payment-status.tsx";
import { Receipt } from "../../components/payments/receipt.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { canRetryPayment } from "../../lib/booking-payment.ts";
import { retryPath } from "../../lib/payment-receipt.ts";
import type { PaymentView } from "../../lib/schemas/payments.ts";
import { readBooking } from "../../services/bookings/booking-read.server.ts";
import { readPayment } from "../../services/payments/payment-read.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";

/**
 * `/dashboard/payments/:paymentId`: where the provider sends the payer back, whatever happened.
 * Pending, it waits for the provider's word (asking again every few seconds); failed or
 * cancelled, it says nothing was charged and offers to try again (on the same booking while its
 * dates are held); paid, it is the receipt. Only
 * the payer and the administrator see it: anyone else gets the 404 of a missing payment.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "payment:list-own");
  const payment = await loadOrErrorPage(() =>
    readPayment({ actor: viewer, paymentId: params.paymentId }),
  );
  return {
    payment,
    retryPath: retryPath(payment.purpose),
    retryBookingId: await retryableBooking(viewer, payment),
    messages: pickMessages(["payments.receipt", "bookings.lines"]),
  };
}

/**
 * The booking a failed or cancelled payment was for, when its guest can still pay it again (its
 * dates still held): "Try again" then opens a new checkout of the same booking.
 */
async function retryableBooking(viewer: Viewer, payment: PaymentView): Promise<number | null> {
  if (payment.purpose !== "booking" || payment.bookingId === null) return null;
  if (payment.status !== "failed" && payment.status !== "cancelled") return null;
  if (payment.payer.id !== viewer.id) return null;
  const { booking } = await readBooking(viewer, payment.bookingId);
  return canRetryPayment(booking, new Date().toISOString()) ? booking.id : null;
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { settings } = useRootData();
  const { payment } = loaderData;
  return (
    <div>
      <Link
        to="/dashboard/payments"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary-strong hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("payments.receipt.allPayments")}
      </Link>
      {payment.status === "paid" ? (
        <Receipt payment={payment} issuer={settings} />
      ) : payment.status === "pending" ? (
        <PendingPayment payment={payment} />
      ) : (
        <UnpaidPayment
          payment={payment}
          retryPath={loaderData.retryPath}
          retryBookingId={loaderData.retryBookingId}
        />
      )}
    </div>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? t("payments.receipt.metaTitle", { id: loaderData.payment.id })
        : t("dashboard.metaTitle"),
    },
    { name: "robots", content: "noindex" },
  ];
}
