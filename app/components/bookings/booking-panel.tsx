import { AlertTriangle, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { bookingsHref, type BookingPanel as Panel } from "../../lib/booking-dashboard.ts";
import { formatCharged, refundAsCharged } from "../../lib/booking-payment.ts";
import { cn } from "../../lib/cn.ts";
import { formatPrice, type DisplayCurrency } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { buttonVariants } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Label } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { stayText } from "./booking-facts.tsx";
import { unitWords } from "../../lib/unit-words.ts";
import { SectionHeading } from "../ui/section-heading.tsx";

const MAX_REASON = 500;
const quietButton = cn(buttonVariants({ variant: "outline", size: "lg" }), "whitespace-nowrap");
const dangerButton = cn(buttonVariants({ variant: "danger", size: "lg" }), "whitespace-nowrap");

/** Where the confirm step shows: in the dialog (scripts run) or in a panel on the page. */
interface Frame {
  inDialog: boolean;
  titleId: string;
}

function Heading({ frame, children }: { frame: Frame; children: ReactNode }) {
  if (frame.inDialog) return <DialogTitle>{children}</DialogTitle>;
  return (
    <SectionHeading id={frame.titleId} size="sm">
      {children}
    </SectionHeading>
  );
}

function Text({ frame, children }: { frame: Frame; children: ReactNode }) {
  if (frame.inDialog) return <DialogDescription>{children}</DialogDescription>;
  return <p className="mt-1 text-sm text-muted">{children}</p>;
}

/**
 * The confirm step a row's Cancel or Decline opened through the URL (`?cancel=<id>`,
 * `?decline=<id>`): the project's dialog once scripts run, a panel at the top of the page before
 * (the row's link jumps to it). Closing goes back to the list; confirming posts the form.
 */
export function BookingPanel({
  panel,
  month,
  currency,
}: {
  panel: Panel;
  month: string | null;
  currency: DisplayCurrency;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submitting = useNavigation().state === "submitting";
  const titleId = useId();
  const back = bookingsHref({ month });
  const closeText =
    panel.kind !== "cancel"
      ? t("bookingsDashboard.decline.back")
      : panel.booking.status === "requested"
        ? t("bookingsDashboard.cancel.keepRequest")
        : t("bookingsDashboard.cancel.keep");

  if (panel.kind === "refused") {
    return (
      <div
        role="alert"
        className="mb-5 flex items-start gap-3 rounded-xl border border-warning-pale bg-warning-tint p-4 text-sm text-warning-deep"
      >
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p className="flex-1">{t(panel.message, panel.params)}</p>
        <Link
          to={back}
          replace
          preventScrollReset
          aria-label={t("bookingsDashboard.decline.back")}
          className="rounded p-0.5 hover:bg-warning-soft"
        >
          <X aria-hidden className="size-4" />
        </Link>
      </div>
    );
  }

  const body = (frame: Frame, close: ReactNode) =>
    panel.kind === "cancel" ? (
      <CancelBody panel={panel} currency={currency} month={month} frame={frame}>
        {close}
      </CancelBody>
    ) : (
      <DeclineBody booking={panel.booking} month={month} frame={frame}>
        {close}
      </DeclineBody>
    );

  if (hydrated) {
    return (
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open && !submitting) navigate(back, { replace: true, preventScrollReset: true });
        }}
      >
        <DialogContent
          id="booking-panel"
          // The dialog itself takes focus, not the reason box: a phone's keyboard would hide the
          // refund the viewer has to read first.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          className="max-h-[90dvh] overflow-y-auto pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:max-w-lg sm:p-6"
        >
          {body(
            { inDialog: true, titleId },
            <DialogClose className={quietButton} disabled={submitting}>
              {closeText}
            </DialogClose>,
          )}
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <section
      id="booking-panel"
      aria-labelledby={titleId}
      className="mb-6 scroll-mt-24 rounded-xl border border-danger-pale bg-danger-tint/50 p-5"
    >
      {body(
        { inDialog: false, titleId },
        <Link to={back} replace preventScrollReset className={quietButton}>
          {closeText}
        </Link>,
      )}
    </section>
  );
}

function ReasonField({
  label,
  hint,
  required,
}: {
  label: string;
  hint: string;
  required: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name="reason"
        rows={3}
        maxLength={MAX_REASON}
        required={required}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-subtle">
        {hint}
      </p>
    </div>
  );
}

function Actions({ children, confirm }: { children: ReactNode; confirm: string }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {children}
      <button type="submit" disabled={submitting} className={dangerButton}>
        {confirm}
      </button>
    </div>
  );
}

function Summary({ booking, frame }: { booking: BookingView; frame: Frame }) {
  const t = useT();
  return (
    <Text frame={frame}>
      <span className="font-semibold text-ink-soft">{booking.listingTitle}</span>,{" "}
      {booking.listingCity} · {stayText(t, booking)} ·{" "}
      <span className="whitespace-nowrap">
        {t("bookingsDashboard.row.reference", { id: booking.id })}
      </span>
    </Text>
  );
}

function CancelBody({
  panel,
  currency,
  month,
  frame,
  children,
}: {
  panel: Extract<Panel, { kind: "cancel" }>;
  currency: DisplayCurrency;
  month: string | null;
  frame: Frame;
  children: ReactNode;
}) {
  const t = useT();
  const { booking, canceller } = panel;
  const request = booking.status === "requested";
  const total = formatPrice(booking.price.totalUsdCents, currency);
  const policy = booking.cancellationPolicy;
  // Of a booking paid online, what comes back is a share of what was paid, not of the total.
  const paidOnline = booking.payment.paidUsdCents;
  const paid = formatCharged(booking.payment.charged);
  return (
    <>
      <Heading frame={frame}>
        {request ? t("bookingsDashboard.cancel.titleRequest") : t("bookingsDashboard.cancel.title")}
      </Heading>
      <Summary booking={booking} frame={frame} />
      <div className="mt-4 space-y-2 rounded-lg bg-surface p-3 text-sm text-secondary ring-1 ring-line">
        {canceller !== "guest" ? (
          <p className="font-semibold text-ink">
            {paidOnline > 0
              ? t("payments.bookings.cancelRefundFull", { paid })
              : t("bookingsDashboard.cancel.refundFull", { total })}
          </p>
        ) : request ? (
          <p className="font-semibold text-ink">
            {paidOnline > 0
              ? t("payments.bookings.cancelRefundRequest", { paid })
              : t("bookingsDashboard.cancel.refundRequest")}
          </p>
        ) : (
          <>
            <p className="text-base font-semibold text-ink" data-refund>
              {paidOnline > 0
                ? t("payments.bookings.cancelRefund", {
                    refund: refundAsCharged(panel.refundUsdCents, booking.payment),
                    paid,
                  })
                : t("bookingsDashboard.cancel.refundNow", {
                    refund: formatPrice(panel.refundUsdCents, currency),
                    total,
                  })}
            </p>
            <p>
              <span className="font-semibold">
                {t("bookingsDashboard.cancel.policy", { policy: t(`bookings.policies.${policy}`) })}
              </span>{" "}
              {t(`bookings.policyRules.${policy}`, unitWords(t, booking.unit))}
            </p>
          </>
        )}
      </div>
      <Form method="post" action={bookingsHref({ month })} preventScrollReset className="mt-4">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <ReasonField
          label={
            panel.reasonRequired
              ? t("bookingsDashboard.cancel.reasonRequired")
              : t("bookingsDashboard.cancel.reason")
          }
          hint={t("bookingsDashboard.cancel.reasonHint")}
          required={panel.reasonRequired}
        />
        <Actions
          confirm={
            request
              ? t("bookingsDashboard.cancel.confirmRequest")
              : t("bookingsDashboard.cancel.confirm")
          }
        >
          {children}
        </Actions>
      </Form>
    </>
  );
}

function DeclineBody({
  booking,
  month,
  frame,
  children,
}: {
  booking: BookingView;
  month: string | null;
  frame: Frame;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <Heading frame={frame}>{t("bookingsDashboard.decline.title")}</Heading>
      <Text frame={frame}>
        {t("bookingsDashboard.decline.description", {
          name: booking.guestName,
          title: booking.listingTitle,
          dates: stayText(t, booking),
        })}
      </Text>
      {booking.payment.paidUsdCents > 0 && (
        <p className="mt-3 text-sm font-semibold text-ink">
          {t("payments.bookings.declineRefund", {
            paid: formatCharged(booking.payment.charged),
          })}
        </p>
      )}
      <Form method="post" action={bookingsHref({ month })} preventScrollReset className="mt-4">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <ReasonField
          label={t("bookingsDashboard.decline.reason")}
          hint={t("bookingsDashboard.decline.reasonHint")}
          required={false}
        />
        <Actions confirm={t("bookingsDashboard.decline.confirm")}>{children}</Actions>
      </Form>
    </>
  );
}
