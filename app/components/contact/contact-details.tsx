import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { cardVariants } from "../ui/card.tsx";

/** Beside the form: the team's address, phone and office, then its opening hours. */
export function ContactDetails({ className }: { className?: string }) {
  const t = useT();
  const { settings } = useRootData();
  return (
    <aside className={className}>
      <section aria-labelledby="contact-info-title" className={cn(cardVariants(), "p-5 sm:p-6")}>
        <h2 id="contact-info-title" className="text-lg font-bold text-ink">
          {t("contact.info.title")}
        </h2>
        <ul className="mt-4 space-y-4">
          <InfoRow Icon={Mail} label={t("contact.info.email")}>
            <a
              href={`mailto:${settings.supportEmail}`}
              className="break-all text-primary hover:underline"
            >
              {settings.supportEmail}
            </a>
          </InfoRow>
          <InfoRow Icon={Phone} label={t("contact.info.phone")}>
            <a
              href={`tel:${settings.supportPhone.replace(/[^\d+]/g, "")}`}
              className="text-primary tabular-nums hover:underline"
            >
              {settings.supportPhone}
            </a>
          </InfoRow>
          <InfoRow Icon={MapPin} label={t("contact.info.office")}>
            <address className="text-secondary not-italic">
              {t("contact.info.officeName")}
              <br />
              {t("contact.info.officeStreet")}
              <br />
              {t("contact.info.officeCity")}
            </address>
          </InfoRow>
        </ul>
      </section>

      <section aria-labelledby="contact-hours-title" className={cn(cardVariants(), "p-5 sm:p-6")}>
        <h2 id="contact-hours-title" className="flex items-center gap-2 text-lg font-bold text-ink">
          <Clock aria-hidden className="size-5 text-primary" />
          {t("contact.hours.title")}
        </h2>
        <dl className="mt-4 divide-y divide-line-soft text-sm">
          <HoursRow day={t("contact.hours.weekdays")} time={t("contact.hours.weekdaysTime")} />
          <HoursRow day={t("contact.hours.saturday")} time={t("contact.hours.saturdayTime")} />
          <HoursRow day={t("contact.hours.sunday")} time={t("contact.hours.closed")} closed />
        </dl>
        <p className="mt-3 text-xs text-subtle">{t("contact.hours.note")}</p>
      </section>
    </aside>
  );
}

function InfoRow({
  Icon,
  label,
  children,
}: {
  Icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-tint text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-subtle">{label}</p>
        <div className="mt-0.5 text-base">{children}</div>
      </div>
    </li>
  );
}

function HoursRow({ day, time, closed = false }: { day: string; time: string; closed?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-secondary">{day}</dt>
      <dd className={cn("font-medium tabular-nums", closed ? "text-faint" : "text-ink")}>{time}</dd>
    </div>
  );
}
