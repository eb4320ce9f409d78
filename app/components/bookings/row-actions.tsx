import { Check, MessageCircle, X } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { bookingsHref } from "../../lib/booking-dashboard.ts";
import { cn } from "../../lib/cn.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { buttonVariants } from "../ui/button.tsx";

const dangerLink = cn(buttonVariants({ variant: "dangerOutline", size: "sm" }), "gap-1.5");

/**
 * The address of a confirm step: before scripts run it jumps to the panel at the top of the
 * page; once they do, the step opens as a dialog where the viewer is.
 */
function useStepHref(href: string): string {
  return useHydrated() ? href : `${href}#booking-panel`;
}

/**
 * Opens the confirm step of a cancellation: a link to `?cancel=<id>`, where the page shows the
 * refund the policy gives at that moment (a dialog once scripts run, a panel before).
 */
export function CancelLink({ booking, month }: { booking: BookingView; month: string | null }) {
  const t = useT();
  const href = useStepHref(bookingsHref({ month, cancel: booking.id }));
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={t("bookingsDashboard.cancel.openLabel", {
        id: booking.id,
        title: booking.listingTitle,
      })}
      className={dangerLink}
    >
      <X aria-hidden className="size-4" />
      {t("bookingsDashboard.cancel.open")}
    </Link>
  );
}

/** Opens the confirm step of declining a request (`?decline=<id>`), with an optional reason. */
export function DeclineLink({ booking, month }: { booking: BookingView; month: string | null }) {
  const t = useT();
  const href = useStepHref(bookingsHref({ month, decline: booking.id }));
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={t("bookingsDashboard.hosting.declineLabel", {
        name: booking.guestName,
        title: booking.listingTitle,
      })}
      className={dangerLink}
    >
      <X aria-hidden className="size-4" />
      {t("bookingsDashboard.hosting.decline")}
    </Link>
  );
}

/**
 * Opens the booking's own conversation (made on first use) between its guest and its host: a
 * form, since it may create it.
 */
export function MessageButton({ booking, side }: { booking: BookingView; side: "guest" | "host" }) {
  const t = useT();
  const other = side === "guest" ? booking.hostName : booking.guestName;
  return (
    <Form method="post" action="/dashboard/inbox">
      <input type="hidden" name="bookingId" value={booking.id} />
      <button
        type="submit"
        aria-label={t("bookingsDashboard.row.messageLabel", { name: other, id: booking.id })}
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5")}
      >
        <MessageCircle aria-hidden className="size-4" />
        {side === "guest"
          ? t("bookingsDashboard.row.messageHost")
          : t("bookingsDashboard.row.messageGuest")}
      </button>
    </Form>
  );
}

/** Accepts a request at once: the guest's dates are held already, nothing else to ask. */
export function AcceptForm({ booking, month }: { booking: BookingView; month: string | null }) {
  const t = useT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "accept" &&
    navigation.formData.get("bookingId") === String(booking.id);
  return (
    <Form method="post" action={bookingsHref({ month })} preventScrollReset>
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={t("bookingsDashboard.hosting.acceptLabel", {
          name: booking.guestName,
          title: booking.listingTitle,
        })}
        className={cn(buttonVariants({ size: "sm" }), "gap-1.5")}
      >
        <Check aria-hidden className="size-4" />
        {t("bookingsDashboard.hosting.accept")}
      </button>
    </Form>
  );
}
