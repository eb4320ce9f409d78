import { Ban, CalendarCheck, CheckCircle2, Clock, CreditCard, type LucideIcon } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import type { BookingStatus } from "../../lib/booking-values.ts";
import { Badge } from "../ui/badge.tsx";

const LOOK: Record<
  BookingStatus,
  { tone: "warning" | "success" | "neutral" | "danger"; icon: LucideIcon }
> = {
  awaiting_payment: { tone: "warning", icon: CreditCard },
  requested: { tone: "warning", icon: Clock },
  confirmed: { tone: "success", icon: CheckCircle2 },
  completed: { tone: "neutral", icon: CalendarCheck },
  cancelled: { tone: "danger", icon: Ban },
  declined: { tone: "danger", icon: Ban },
  expired: { tone: "neutral", icon: Ban },
};

/** A booking's status in words (the colour and icon only repeat them). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const t = useT();
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge
      tone={tone}
      data-status={status}
      className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap"
    >
      <Icon aria-hidden className="size-3.5" />
      {t(`bookings.statuses.${status}`)}
    </Badge>
  );
}
