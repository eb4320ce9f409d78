import { Icon } from "../../components/ui/icon.tsx";
import { Suspense } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/listing";
import { ListingCard } from "../../components/listings/listing-card.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { BackButton } from "../../components/listing-detail/back-button.tsx";
import { ContactCard } from "../../components/listing-detail/contact-card.tsx";
import { WhatsappCallbackCard } from "../../components/listing-detail/whatsapp-callback-card.tsx";
import { Gallery } from "../../components/listing-detail/gallery.tsx";
import { ListingAbout, ListingFeatures } from "../../components/listing-detail/listing-about.tsx";
import {
  listingImageUrls,
  listingJsonLd,
  summarize,
} from "../../components/listing-detail/structured-data.ts";
import { getConfig } from "../../config.server.ts";
import { useFavoriteFailures, useFavorites } from "../../hooks/use-favorites.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { viewerContext } from "../../auth/viewer.ts";
import { formatPrice, formatPriceType } from "../../lib/money.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import {
  getListingDetail,
  listRelatedListings,
} from "../../services/listings/listing-detail.server.ts";
import { countListingView } from "../../services/listings/listing-views.server.ts";
import { answerAction, loadOrErrorPage } from "../../services/session/action-answer.server.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";
import { BookingCard } from "../../components/listing-detail/booking-card.tsx";
import { RequestQuoteCard } from "../../components/quotes/request-quote-link.tsx";
import { ListerRating } from "../../components/reviews/lister-rating.tsx";
import { ReviewsSection } from "../../components/reviews/reviews-section.tsx";
import { SAFETY_MESSAGES } from "../../lib/safety-values.ts";
import { listerCard } from "../../services/profiles/public-profile.server.ts";
import { listingTrustCard } from "../../services/profiles/trust-signals.server.ts";
import { parseId } from "../../lib/id.ts";
import { listingReviewSection } from "../../services/reviews/reviews.server.ts";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { AppError } from "../../lib/app-error.ts";
import { authDialogUrl } from "../../lib/auth-dialog-url.ts";
import { bookingPanel } from "../../services/bookings/booking-panel.server.ts";
import { createBooking } from "../../services/bookings/booking-create.server.ts";
import { readCurrencyCode } from "../../services/session/preferences.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { takesWhatsappCallbacks } from "../../services/analytics/whatsapp-callbacks.server.ts";
import { refusalText } from "../../services/session/action-answer.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const appUrl = getConfig().appUrl;
  const signedIn = context.get(viewerContext);
  // Owners and the admin may also see a listing that is not public yet.
  const viewer = signedIn?.role ? { id: signedIn.id, role: signedIn.role } : null;
  const listing = await loadOrErrorPage(() =>
    getListingDetail({ listingId: params.listingId, viewer }),
  );
  const url = new URL(request.url);
  const [related, view, booking, whatsappCallback, reviews, lister, trust] = await Promise.all([
    listRelatedListings(listing),
    listing.status === "approved"
      ? countListingView(request, listing.id)
      : Promise.resolve({ setCookie: null }),
    listing.status === "approved"
      ? bookingPanel(
          listing.id,
          url.searchParams,
          (await readCurrencyCode(request)) ?? "USD",
          signedIn?.id ?? null,
        )
      : null,
    // The call-back form shows only when the owner's plan grants WhatsApp leads now.
    listing.status === "approved" ? takesWhatsappCallbacks(listing.id) : false,
    // Reviews are of public listings: `?reviews=2` is their second page.
    listing.status === "approved"
      ? listingReviewSection(viewer, listing.id, parseId(url.searchParams.get("reviews")) ?? 1)
      : null,
    listerCard(listing.id),
    // The host's trust signals as words, so the contact card ships lines, not formatting code.
    listingTrustCard(listing.id),
  ]);
  return data(
    {
      listing,
      related,
      appUrl,
      // Worked out here, so the page's scripts carry neither the summary nor the schema.org code.
      seo: {
        description: summarize(listing.description),
        image: listingImageUrls(listing, appUrl)[0] ?? "/images/listing-fallback.webp",
        jsonLd: listingJsonLd(listing, appUrl),
      },
      booking,
      reviews,
      whatsappCallback,
      lister,
      trust,
      messages: pickMessages([
        "quotes.listing",
        "reviews.section",
        "reviews.item",
        "reviews.lister",
        ...(reviews?.mayReply ? (["reviews.reply"] as const) : []),
        // The Report control under each review.
        ...SAFETY_MESSAGES,
        ...(booking
          ? ([
              "detail",
              "bookings.card",
              "bookings.lines",
              "bookings.units",
              "bookings.policies",
              "bookings.policyRules",
              "bookings.payAtProperty",
              "bookings.payment",
            ] as const)
          : (["detail"] as const)),
      ]),
    },
    view.setCookie ? { headers: { "Set-Cookie": view.setCookie } } : undefined,
  );
}

/**
 * Booking from the card: the stay the card quoted, for the signed-in visitor. A visitor is sent to
 * sign in first; a refusal (dates just taken, a rule) comes back to the card in words.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  const form = Object.fromEntries(await readForm(request));
  const url = new URL(request.url);
  return answerAction<
    Awaited<ReturnType<typeof createBooking>>,
    Response,
    never,
    Response | ReturnType<typeof data<{ bookingError: string }>>
  >(
    () => {
      if (form.intent !== "book") {
        throw new AppError("VALIDATION_FAILED", "requests.unreadableForm");
      }
      return createBooking(viewer, params.listingId, form);
    },
    {
      success: (booking) =>
        // A stay paid online goes on to the provider's checkout, then comes back to its payment.
        booking.checkoutUrl
          ? redirect(booking.checkoutUrl)
          : redirectWithToast(
              "/dashboard/bookings",
              booking.status === "confirmed"
                ? {
                    title: "bookings.card.bookedTitle",
                    description: "bookings.card.bookedDescription",
                    params: { title: booking.listingTitle },
                  }
                : {
                    title: "bookings.card.requestedTitle",
                    description: "bookings.card.requestedDescription",
                    params: { title: booking.listingTitle },
                  },
            ),
      refused: (error) =>
        error.code === "UNAUTHENTICATED"
          ? // The page's path from its parameter: a submission from the page posts to its `.data`.
            redirectWithToast(authDialogUrl(`/listing/${params.listingId}${url.search}`, "login"), {
              title: "bookings.card.refusedTitle",
              description: "bookings.card.signInDescription",
            })
          : data({ bookingError: refusalText(error) }, { status: 400 }),
    },
  );
}

/** The header's labels: the shared badge, a little larger, with room for an icon. */
const PILL = "inline-flex items-center gap-1 px-2.5 py-1";

export const shouldRevalidate = skipClientOnlyChanges;

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, related, booking, reviews, whatsappCallback, lister, trust } = loaderData;
  const t = useT();
  const { currency } = useRootData();
  const favorites = useFavorites();
  useFavoriteFailures(listing.id);
  const price = formatPrice(listing.priceUsdCents, currency, "en", t("values.priceNotAvailable"));

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-14 sm:px-6 sm:pt-6">
      <BackButton fallback={`/${listing.category}`} label={t("detail.back")} className="-ml-3" />

      <header className="mt-3 mb-6">
        <div className="flex flex-wrap gap-1.5">
          {/* The owner's checked identity or business, never the listing's own approval. */}
          {listing.hostVerified && (
            <Badge tone="success" className={PILL}>
              <Icon name="badge-check" className="size-3.5" />
              {t("listing.card.hostVerified")}
            </Badge>
          )}
          {listing.hostBusinessVerified && (
            <Badge tone="success" className={PILL}>
              <Icon name="building-2" className="size-3.5" />
              {t("listing.card.hostBusinessVerified")}
            </Badge>
          )}
          {listing.status !== "approved" && (
            <Badge
              className={`${PILL} bg-warning-tint text-warning-deep ring-1 ring-warning-light`}
            >
              <Icon name="clock" className="size-3.5" />
              {listing.status === "rejected"
                ? t("detail.badges.rejected")
                : t("detail.badges.pending")}
            </Badge>
          )}
          {listing.featured && (
            <Badge tone="accent" className={PILL}>
              {t("listing.card.featured")}
            </Badge>
          )}
          {listing.agentType === "premium" && (
            <Badge className={`${PILL} bg-primary-deep text-accent-pale`}>
              {t("listing.card.premium")}
            </Badge>
          )}
          <Badge className={`${PILL} bg-surface-muted text-ink-soft`}>
            {t(`values.categoryBadge.${listing.category}`)}
          </Badge>
        </div>
        <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl leading-tight font-bold tracking-tight text-balance text-ink sm:text-3xl">
              {listing.title}
            </h1>
            <p className="mt-2 flex items-start gap-1.5 text-muted">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-primary-vivid" />
              <span>
                {listing.address}, {listing.city}, {listing.countryName}
              </span>
            </p>
          </div>
          <p className="shrink-0 lg:text-right">
            <span
              data-testid="listing-price"
              className="text-3xl font-extrabold text-primary-strong"
            >
              {price}
            </span>
            {listing.priceUsdCents !== null && listing.priceType && (
              <span className="ml-1.5 text-subtle">
                {t("listing.card.per", { priceType: formatPriceType(listing.priceType) })}
              </span>
            )}
          </p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <div className="min-w-0 lg:col-start-1">
          <Gallery
            title={listing.title}
            images={listing.images}
            video={listing.video}
            videoFile={listing.videoFile}
          />
        </div>
        <aside className="lg:col-start-2 lg:row-span-5 lg:row-start-1">
          <div className="space-y-6 lg:sticky lg:top-20">
            {booking && (
              <BookingCard
                listingId={listing.id}
                panel={booking}
                bookingError={actionData?.bookingError ?? null}
              />
            )}
            <ContactCard
              listing={listing}
              agent={listing.agent}
              favorite={favorites.isFavorite(listing.id)}
              onToggleFavorite={() => favorites.toggle(listing)}
              listerRating={reviews && <ListerRating {...reviews.lister} />}
              lister={lister}
              trust={trust}
            />
            {whatsappCallback && (
              <WhatsappCallbackCard listingId={listing.id} name={listing.agent.name} />
            )}
            {listing.category === "professionals" && listing.status === "approved" && (
              <RequestQuoteCard listingId={listing.id} name={listing.agent.name} />
            )}
            {listing.status === "approved" && (
              // A link to its own page, not a dialog: this page's scripts are at their budget.
              <Link
                to={`/listing/${listing.id}/report`}
                className="inline-flex min-h-11 items-center text-sm font-medium text-muted underline underline-offset-4 hover:text-ink"
              >
                {t("detail.reportListing")}
              </Link>
            )}
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1">
          {/* Below the first screen: hydrated on its own, after the gallery and contact card. */}
          <Suspense>
            <ListingAbout listing={listing} />
          </Suspense>
        </div>
        <div className="min-w-0 empty:hidden lg:col-start-1">
          <ListingFeatures listing={listing} />
        </div>
        {reviews && (
          <div className="min-w-0 lg:col-start-1">
            {/* Below the first screen: hydrated on its own, like the description. */}
            <Suspense>
              <ReviewsSection section={reviews} path={`/listing/${listing.id}`} />
            </Suspense>
          </div>
        )}
        {related.length > 0 && (
          <section aria-labelledby="related-title" className="min-w-0 lg:col-start-1">
            <h2 id="related-title" className="mb-4 text-xl font-semibold text-ink">
              {t("detail.related")}
            </h2>
            <ul className="grid gap-5 sm:grid-cols-2">
              {related.map((item) => (
                <li key={item.id}>
                  <ListingCard
                    listing={item}
                    currency={currency}
                    favorite={favorites.isFavorite(item.id)}
                    onToggleFavorite={favorites.toggle}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refusal (404, 405) is an answer; only an unexpected error is worth a log line. On the
  // server, entry.server's handleError has logged it already.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <Icon name="search-x" className="size-12 text-faint" />
      <h1 className="mt-4 text-2xl font-bold text-ink">
        {notFound ? t("detail.notFound.title") : t("layout.error.title")}
      </h1>
      <p className="mt-2 text-muted">
        {notFound ? t("detail.notFound.description") : t("layout.error.description")}
      </p>
      <BackButton
        fallback="/real-estate"
        label={t("detail.notFound.back")}
        className="mt-6 bg-primary px-5 text-white hover:bg-primary-strong hover:text-white"
      />
    </div>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData || error) {
    return [{ title: t("detail.meta.notFoundTitle") }, { name: "robots", content: "noindex" }];
  }
  const { listing, appUrl, seo } = loaderData;
  const title = t("detail.meta.title", { title: listing.title });
  const cover = listing.images[0];
  return [
    ...pageMeta({
      appUrl,
      siteName: matches[0].loaderData.settings.siteName,
      path: `/listing/${listing.id}`,
      title,
      description: seo.description,
      shareTitle: listing.title,
      image: seo.image,
      noindex: listing.status !== "approved",
    }),
    ...(cover
      ? [
          { property: "og:image:width", content: String(cover.width) },
          { property: "og:image:height", content: String(cover.height) },
        ]
      : []),
    { property: "og:image:alt", content: listing.title },
    { "script:ld+json": seo.jsonLd },
  ];
}
