import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { bookingSettings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  bookingSettingsInputSchema,
  type BookingSettingsView,
} from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requirePaymentProvider } from "../payments/checkout.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { runningAgencyOwner } from "../teams/team-rights.server.ts";
import {
  readListingBooking,
  unitRate,
  type BookingSettingsRow,
  type ListingBooking,
} from "./bookable.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/** The path of a listing's iCal feed: the token is its only key, so the URL is kept secret. */
export function icalExportPath(token: string): string {
  return `/calendar/${token}.ics`;
}

function settingsView(listingId: number, found: ListingBooking, row: BookingSettingsRow) {
  return {
    listingId,
    unit: found.unit!,
    mode: row.mode,
    cancellationPolicy: row.cancellationPolicy,
    minStay: row.minStay,
    maxStay: row.maxStay,
    noticeDays: row.noticeDays,
    preparationDays: row.preparationDays,
    maxGuests: row.maxGuests,
    cleaningFeeUsdCents: row.cleaningFeeUsdCents,
    paymentMode: row.paymentMode,
    depositPercent: row.depositPercent,
    icalExportPath: icalExportPath(row.icalToken),
  } satisfies BookingSettingsView;
}

/**
 * A listing its actor may run the calendar of (its owner while a publisher, or the admin), that
 * is of a kind that takes bookings.
 */
export async function requireManagedListing(
  actor: Actor | null,
  rawListingId: unknown,
): Promise<ListingBooking & { listingId: number }> {
  requireAllowed(actor, "dashboard:open");
  const listingId = requireId(rawListingId, "listing");
  const found = await readListingBooking(await getDb(), listingId);
  if (!found) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  requireAllowed(actor, "booking:manage-listing", {
    ownerId: found.listing.userId,
    agencyOwnerId: await runningAgencyOwner(found.listing.agencyId),
  });
  if (!found.unit) throw new AppError("CONFLICT", "bookings.errors.notBookable");
  return { ...found, listingId };
}

/** The listing's booking settings, or null while it takes no bookings. */
export async function readBookingSettings(
  actor: Actor | null,
  rawListingId: unknown,
): Promise<BookingSettingsView | null> {
  const found = await requireManagedListing(actor, rawListingId);
  return found.settings ? settingsView(found.listingId, found, found.settings) : null;
}

/**
 * Starts taking bookings on the listing, or changes how. The listing's price must be a rate of
 * its unit (per night, per month or per person), so every quote is exact. The payment terms
 * (at the property, online in full, a deposit online) apply to bookings made from then on.
 */
export async function saveBookingSettings(
  actor: Actor | null,
  rawListingId: unknown,
  input: unknown,
): Promise<BookingSettingsView> {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireManagedListing(actor, rawListingId);
  const values = parsedOrRefused(
    bookingSettingsInputSchema.safeParse(input),
    "bookings.errors.minStay",
  );
  unitRate(found.listing, found.unit!);
  // Paid online only where a payment provider is set up: guests could not pay otherwise.
  if (values.paymentMode !== "on_arrival") requirePaymentProvider();
  const { cleaningFeeUsd, ...rest } = values;
  const columns = {
    ...rest,
    cleaningFeeUsdCents: Math.round(cleaningFeeUsd * 100),
    updatedAt: new Date(),
  };
  const db = await getDb();
  const [row] = await db
    .insert(bookingSettings)
    .values({
      listingId: found.listingId,
      icalToken: randomBytes(24).toString("base64url"),
      ...columns,
    })
    .onConflictDoUpdate({ target: bookingSettings.listingId, set: columns })
    .returning();
  return settingsView(found.listingId, found, row!);
}

/** Stops taking new bookings; those already made stay as they are. */
export async function stopBookings(actor: Actor | null, rawListingId: unknown): Promise<void> {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireManagedListing(actor, rawListingId);
  const db = await getDb();
  await db.delete(bookingSettings).where(eq(bookingSettings.listingId, found.listingId));
}

/** A new secret for the iCal feed: whoever had the old URL no longer reads the calendar. */
export async function renewIcalToken(
  actor: Actor | null,
  rawListingId: unknown,
): Promise<BookingSettingsView> {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireManagedListing(actor, rawListingId);
  if (!found.settings) throw new AppError("CONFLICT", "bookings.errors.notBookable");
  const db = await getDb();
  const [row] = await db
    .update(bookingSettings)
    .set({ icalToken: randomBytes(24).toString("base64url"), updatedAt: new Date() })
    .where(eq(bookingSettings.listingId, found.listingId))
    .returning();
  return settingsView(found.listingId, found, row!);
}
