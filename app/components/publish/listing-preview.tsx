import * as Dialog from "@radix-ui/react-dialog";
import { MapPin, X } from "lucide-react";
import { useT } from "../../i18n/use-t.ts";
import { formatPrice, formatPriceType, type DisplayCurrency } from "../../lib/money.ts";
import type { Translate } from "../../i18n/translate.ts";
import { CATEGORIES, type Category } from "../../lib/listing-values.ts";
import { CATEGORY_RULES, type ListingFormValues } from "../../lib/schemas/listing.ts";
import { partialListing } from "../../lib/schemas/listing-categories.ts";
import { detailSummary, type ListingDetail } from "../../lib/schemas/listing-view.ts";
import { videoEmbed } from "../../lib/video-embed.ts";
import { ContactCard } from "../listing-detail/contact-card.tsx";
import { Gallery } from "../listing-detail/gallery.tsx";
import { ListingAbout, ListingFeatures } from "../listing-detail/listing-about.tsx";
import { ListingCard } from "../listings/listing-card.tsx";
import { HostBadges } from "../listings/host-badges.tsx";
import { Badge } from "../ui/badge.tsx";
import { buttonVariants } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { DialogClose, DialogDescription, DialogTitle } from "../ui/dialog.tsx";
import { cn } from "../../lib/cn.ts";

export interface PreviewOwner {
  name: string;
  email: string;
  phone: string | null;
  avatar: string;
  /** Their identity and business approvals hold now: the preview shows the badges they earned. */
  verified: boolean;
  businessVerified: boolean;
}

/**
 * The listing as the public will see it, from the form's values before anything is saved. It
 * takes what is there (an unfinished form previews too) and leaves out what does not belong.
 */
export function previewDetail(
  values: ListingFormValues,
  images: { key: string; width: number; height: number }[],
  countryName: string,
  owner: PreviewOwner,
  fallbackCategory: Category,
  t: Translate,
): ListingDetail {
  const category = CATEGORIES.find((c) => c === values.category) ?? fallbackCategory;
  const {
    countryCode: _countryCode,
    images: _images,
    videoUrl,
    contactPhone: _contactPhone,
    ...fields
  } = partialListing(values, category);
  const now = new Date().toISOString();
  return {
    ...fields,
    id: 0,
    category,
    title: fields.title ?? (values.title.trim() || t("publish.preview.untitled")),
    listingType: fields.listingType ?? CATEGORY_RULES[category].listingTypes[0] ?? "service",
    city: fields.city ?? values.city.trim(),
    countryName,
    address: fields.address ?? values.address.trim(),
    description: fields.description ?? values.description.trim(),
    contactMethod: fields.contactMethod ?? "email",
    status: "approved",
    featured: false,
    agentType: "standard",
    rating: null,
    ratingCount: 0,
    // The badge is the published listing's agency's to show, not the form's.
    agencyBadge: null,
    hostVerified: owner.verified,
    hostBusinessVerified: owner.businessVerified,
    createdAt: now,
    updatedAt: now,
    images: images.map((i) => ({
      storageKey: i.key,
      width: i.width || 1280,
      height: i.height || 960,
    })),
    video: videoEmbed(videoUrl),
    // Uploaded on the saved listing's edit page, not part of the form the preview shows.
    videoFile: null,
    agent: {
      name: owner.name,
      avatarUrl: owner.avatar,
      contactAvailable: true,
    },
  };
}

const noop = () => {};

/**
 * The Preview dialog: the card as it shows in search and the listing page as it will read,
 * made of the same components the public pages use. Links and buttons inside are inert.
 */
export function ListingPreviewDialog({
  open,
  onOpenChange,
  detail,
  currency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: ListingDetail | null;
  currency: DisplayCurrency;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open && detail !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-canvas sm:inset-4 sm:rounded-2xl lg:inset-8">
          <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-line bg-surface/95 px-4 py-3 backdrop-blur sm:px-6">
            <div className="min-w-0">
              <DialogTitle>{t("publish.preview.title")}</DialogTitle>
              <DialogDescription className="mt-0">
                {t("publish.preview.description")}
              </DialogDescription>
            </div>
            <DialogClose
              aria-label={t("publish.preview.close")}
              className={cn(
                buttonVariants({ variant: "ghost", size: "icon" }),
                "size-10 shrink-0 rounded-full hover:text-muted",
              )}
            >
              <X aria-hidden className="size-5" />
            </DialogClose>
          </div>
          {detail && (
            <div
              className="px-4 py-5 sm:px-6"
              // Nothing in the preview leads anywhere: the listing does not exist yet.
              onClickCapture={(event) => {
                if ((event.target as HTMLElement).closest("a")) event.preventDefault();
              }}
            >
              <PreviewBody detail={detail} currency={currency} />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PreviewBody({ detail, currency }: { detail: ListingDetail; currency: DisplayCurrency }) {
  const t = useT();
  const price = formatPrice(detail.priceUsdCents, currency, "en", t("values.priceNotAvailable"));
  return (
    <div className="grid gap-8 xl:grid-cols-[20rem_minmax(0,1fr)]">
      <section aria-labelledby="preview-card-title">
        <h3
          id="preview-card-title"
          className="mb-3 text-sm font-semibold tracking-wide text-subtle uppercase"
        >
          {t("publish.preview.card")}
        </h3>
        <div className="max-w-sm">
          <ListingCard
            listing={detailSummary(detail)}
            currency={currency}
            favorite={false}
            onToggleFavorite={noop}
          />
        </div>
      </section>
      <section aria-labelledby="preview-detail-title" className="min-w-0">
        <h3
          id="preview-detail-title"
          className="mb-3 text-sm font-semibold tracking-wide text-subtle uppercase"
        >
          {t("publish.preview.detail")}
        </h3>
        <div className={cn(cardVariants({ elevated: false }), "rounded-2xl p-4 sm:p-6")}>
          <header className="mb-5">
            <div className="flex flex-wrap gap-1.5">
              <HostBadges
                verified={detail.hostVerified}
                businessVerified={detail.hostBusinessVerified}
              />
              <Badge className="px-2.5 py-1 text-ink-soft">
                {t(`values.categoryBadge.${detail.category}`)}
              </Badge>
            </div>
            <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
              <div className="min-w-0">
                <p className="text-2xl leading-tight font-bold tracking-tight text-balance text-ink sm:text-3xl">
                  {detail.title}
                </p>
                <p className="mt-2 flex items-start gap-1.5 text-muted">
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-vivid" />
                  <span>
                    {detail.address}, {detail.city}, {detail.countryName}
                  </span>
                </p>
              </div>
              <p className="shrink-0 lg:text-right">
                <span className="text-3xl font-extrabold text-primary-strong">{price}</span>
                {detail.priceType && (
                  <span className="ml-1.5 text-subtle">
                    {t("listing.card.per", { priceType: formatPriceType(detail.priceType) })}
                  </span>
                )}
              </p>
            </div>
          </header>
          <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-6">
              <Gallery title={detail.title} images={detail.images} video={detail.video} />
              <ListingAbout listing={detail} />
              <ListingFeatures listing={detail} />
            </div>
            <aside
              onClickCapture={(event) => {
                event.preventDefault();
                event.stopPropagation();
              }}
            >
              <ContactCard
                listing={detail}
                agent={detail.agent}
                favorite={false}
                onToggleFavorite={noop}
              />
            </aside>
          </div>
        </div>
      </section>
    </div>
  );
}
