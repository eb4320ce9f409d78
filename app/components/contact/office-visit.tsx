import { ExternalLink, MapPin } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { OfficeMap, openStreetMapUrl } from "./office-map.tsx";

/** Under the form: the office's address and directions, a link to OpenStreetMap, and the map. */
export function OfficeVisit() {
  const t = useT();
  return (
    <section
      aria-labelledby="contact-map-title"
      className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 sm:pt-12"
    >
      <div className="grid gap-4 lg:grid-cols-3 lg:gap-8">
        <div className={cn(cardVariants(), "flex flex-col p-5 sm:p-6")}>
          <h2 id="contact-map-title" className="text-lg font-bold text-ink">
            {t("contact.map.title")}
          </h2>
          <address className="mt-3 flex gap-2.5 text-secondary not-italic">
            <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-mid" />
            <span>
              <span className="block font-semibold text-ink">{t("contact.info.officeName")}</span>
              {t("contact.info.officeStreet")}, {t("contact.info.officeCity")}
            </span>
          </address>
          <p className="mt-3 text-sm leading-relaxed text-muted">{t("contact.map.directions")}</p>
          <a
            href={openStreetMapUrl()}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              buttonVariants({ variant: "outline", size: "lg" }),
              "mt-5 px-4 text-sm lg:mt-auto",
            )}
          >
            {t("contact.map.open")}
            <ExternalLink aria-hidden className="size-4" />
          </a>
        </div>
        <div className="lg:col-span-2">
          <OfficeMap />
        </div>
      </div>
    </section>
  );
}
