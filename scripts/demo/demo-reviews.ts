import { inArray, sql } from "drizzle-orm";
import type { DbTransaction } from "../../app/db/client.server.ts";
import {
  bookingEvents,
  bookings,
  conversations,
  jobs,
  messages,
  platformSettings,
  quoteRequests,
  quotes,
  reviews,
  tourDepartures,
  user,
} from "../../app/db/schema/index.ts";
import {
  addDays,
  addMonths,
  bookingUnitOf,
  isoDay,
  priceBreakdown,
  type BookingUnit,
  type CancellationPolicy,
} from "../../app/lib/booking-values.ts";
import type { ServiceCategory } from "../../app/lib/listing-values.ts";
import { recomputeAllRatings } from "../../app/services/reviews/reviews.server.ts";
import type { DemoBookings } from "./demo-bookings.ts";
import { createRandom, emailFor, type DemoListing, type Random } from "./demo-data.ts";

/**
 * The demo's reviews, all of them real: guests who stayed (completed past bookings of bookable
 * listings, tours on past departures included) and clients whose job a professional completed
 * (a conversation, a request, an accepted quote and a completed job), each with its review, some
 * answered by the lister. The averages on cards, detail pages and the rating sort are computed
 * from them. One guest keeps completed stays without a review, for the browser test to review.
 */

const DAY_MS = 86_400_000;

interface GuestSeed {
  id: string;
  name: string;
}

/** The demo's guests and clients: people with accounts who book and hire, never list. */
const GUESTS: readonly GuestSeed[] = [
  { id: "demo-guest-1", name: "Ama Owusu" },
  { id: "demo-guest-2", name: "Tunde Bakare" },
  { id: "demo-guest-3", name: "Grace Wanjiku" },
  { id: "demo-guest-4", name: "Sipho Dlamini" },
  { id: "demo-guest-5", name: "Fatou Ndiaye" },
  { id: "demo-guest-6", name: "Karim Benali" },
  { id: "demo-guest-7", name: "Mariam Juma" },
  { id: "demo-guest-8", name: "Eric Mugisha" },
  { id: "demo-guest-9", name: "Selam Tesfaye" },
  { id: "demo-guest-10", name: "Chipo Mutasa" },
  { id: "demo-guest-11", name: "Kofi Asante" },
  { id: "demo-guest-12", name: "Zanele Khumalo" },
];

/**
 * The browser test's journey: the guest who still has completed stays to review, all at one
 * listing of this host (their oldest nightly stay), so the test knows whom to sign in as next.
 */
export const REVIEW_JOURNEY = {
  guestEmail: emailFor(GUESTS[0]!.name),
  guestName: GUESTS[0]!.name,
  hostId: "demo-agent-2",
  /** Enough unreviewed stays for the test at two widths, and a retry of each. */
  stays: 4,
} as const;

type Pool = Record<1 | 2 | 3 | 4 | 5, readonly string[]>;

const STAY_TEXTS: Pool = {
  5: [
    "Spotless rooms and a host who answered every message within minutes. We would stay again.",
    "Exactly as pictured, quiet at night, and the breakfast was generous.",
    "A great location: we walked everywhere we wanted to go. Check-in took five minutes.",
    "Felt like home from the first evening. The host's restaurant tips were excellent.",
    "Bright, clean and safe, with reliable Wi-Fi for work calls. Highly recommended.",
  ],
  4: [
    "Comfortable and clean. The Wi-Fi was slow in the evenings, otherwise very good.",
    "Good value for the area. The street is a little noisy, but the room is well kept.",
    "Friendly welcome and a good bed. The hot water took a while in the mornings.",
    "Nice place and helpful staff; parking was harder to find than we expected.",
  ],
  3: [
    "Fine for a short stay. The photos make the room look bigger than it is.",
    "Decent place, but check-in started late and the air conditioning was weak.",
  ],
  2: ["The room was not cleaned when we arrived. The host fixed it, but it took two hours."],
  1: ["The power was off for most of our stay and nobody told us beforehand."],
};

const TOUR_TEXTS: Pool = {
  5: [
    "Our guide knew every corner and every story. The best day of our trip.",
    "Well organised from pick-up to drop-off, with plenty of time at each stop.",
    "Small group, great lunch, and views we will not forget.",
  ],
  4: [
    "A very good tour; the bus was a little cramped on the long stretch.",
    "Interesting stops and a friendly guide. We started half an hour late.",
  ],
  3: ["Nice sights, but too much time in the souvenir shops for our taste."],
  2: ["The itinerary changed on the day without an explanation."],
  1: ["The pick-up never came and we lost the morning."],
};

const JOB_TEXTS: Pool = {
  5: [
    "Clear advice, a fair price and everything delivered on the day promised.",
    "Professional from the first call. Explained every step and kept us updated.",
    "Excellent work. We have already recommended them to two friends.",
  ],
  4: [
    "Good work and good communication; it took a few days longer than quoted.",
    "Knowledgeable and patient with our questions. Slightly over the first estimate.",
  ],
  3: ["The result is fine, but we had to chase for updates more than once."],
  2: ["Finished in the end, but weeks late and with little communication."],
  1: ["Missed two appointments without warning."],
};

const THANKS = [
  "Thank you for the kind words. You are welcome back any time!",
  "Thank you! It was a pleasure to have you.",
  "We are glad it went well. Thank you for taking the time to write.",
];
const APOLOGIES = [
  "Thank you for the honest feedback. We have fixed this since and hope to see you again.",
  "We are sorry this fell short. We have spoken with the team so it does not happen again.",
];

/** What each kind of professional is asked for, and what their quote covers. */
const WORK: Record<ServiceCategory, { need: string; covers: string }> = {
  architect: {
    need: "Plans for a two-storey family house on a 600 m² plot.",
    covers: "Concept design, two revisions and the drawings for the building permit.",
  },
  lawyer: {
    need: "A review of the sale agreement and title search for a flat.",
    covers: "Title search, contract review and attendance at signing.",
  },
  surveyor: {
    need: "A boundary survey of a plot before we buy it.",
    covers: "Site visit, beacon check and a signed survey report.",
  },
  "interior-designer": {
    need: "A new look for a two-bedroom flat we are about to let.",
    covers: "Design board, furniture list and two days on site for styling.",
  },
  "property-manager": {
    need: "Someone to let and look after our apartment while we are abroad.",
    covers: "Tenant search, lease, rent collection and quarterly inspections for six months.",
  },
  "real-estate-agent": {
    need: "Help finding a three-bedroom house to rent near good schools.",
    covers: "Search, six viewings and negotiation of the lease.",
  },
  "painter-renovator": {
    need: "Repainting the inside of a three-bedroom house.",
    covers: "Materials and labour for all walls and ceilings, five working days.",
  },
  "concierge-tours": {
    need: "A relocation tour of the city for our family of four.",
    covers: "A full day with a driver and guide, school and neighbourhood visits.",
  },
};

interface DemoReview {
  rating: number;
  body: string;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
}

interface DemoStay {
  index: number;
  guestId: string;
  hostId: string;
  unit: BookingUnit;
  checkIn: string;
  checkOut: string;
  quantity: number;
  guests: number;
  /** The past departure a tour booking is a seat on (its position in `departures`). */
  departure: number | null;
  preparationDays: number;
  policy: CancellationPolicy;
  rateUsdCents: number;
  cleaningFeeUsdCents: number;
  bookedAt: Date;
  completedAt: Date;
  review: DemoReview | null;
}

interface DemoJob {
  index: number;
  clientId: string;
  professionalId: string;
  need: string;
  covers: string;
  place: string;
  amountUsdCents: number;
  requestedAt: Date;
  quotedAt: Date;
  acceptedAt: Date;
  completedAt: Date;
  review: DemoReview | null;
}

export interface DemoReviewData {
  guests: { id: string; name: string; email: string; createdAt: Date }[];
  departures: { index: number; departsOn: string; seats: number; seatsTaken: number }[];
  stays: DemoStay[];
  jobs: DemoJob[];
}

/** Mostly happy guests, as on any marketplace, with a few bad experiences. */
function drawRating(rnd: Random): 1 | 2 | 3 | 4 | 5 {
  const p = rnd.next();
  return p < 0.5 ? 5 : p < 0.82 ? 4 : p < 0.93 ? 3 : p < 0.97 ? 2 : 1;
}

/** A review some days after the stay or job ended, answered by the lister about half the time. */
function drawReview(rnd: Random, pool: Pool, ended: Date, now: Date): DemoReview {
  const rating = drawRating(rnd);
  const createdAt = new Date(
    Math.min(ended.getTime() + rnd.int(2, 96) * 3_600_000, now.getTime() - 3_600_000),
  );
  const answered = rnd.chance(rating <= 3 ? 0.7 : 0.4);
  const repliedAt = answered
    ? new Date(Math.min(createdAt.getTime() + rnd.int(1, 60) * 3_600_000, now.getTime()))
    : null;
  return {
    rating,
    body: rnd.pick(pool[rating]),
    createdAt,
    reply: answered ? rnd.pick(rating >= 4 ? THANKS : APOLOGIES) : null,
    repliedAt,
  };
}

/** A day's moment: the hour a stay ends (10:00 check-out) or a job is done. */
function at(day: string, hour: number): Date {
  return new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
}

export function buildDemoReviews(
  listings: readonly DemoListing[],
  settings: DemoBookings["settings"],
  now: Date,
  seed = 20_261_215,
): DemoReviewData {
  const rnd = createRandom(seed);
  const today = isoDay(now);
  const firstGuestDay = new Date(now.getTime() - 240 * DAY_MS);
  const data: DemoReviewData = {
    guests: GUESTS.map((guest, i) => ({
      id: guest.id,
      name: guest.name,
      email: emailFor(guest.name),
      createdAt: new Date(firstGuestDay.getTime() + i * 3 * DAY_MS),
    })),
    departures: [],
    stays: [],
    jobs: [],
  };
  // Everyone but the journey's guest books and reviews freely; theirs are the test's to review.
  const others = GUESTS.slice(1).map((g) => g.id);
  const settingsOf = new Map(settings.map((s) => [s.index, s]));

  // The journey's stays: the host's oldest nightly listing, in the last two weeks.
  const journeyIndex = listings.findIndex(
    (l, i) =>
      l.userId === REVIEW_JOURNEY.hostId &&
      bookingUnitOf(l) === "night" &&
      settingsOf.has(i) &&
      l.createdAt.getTime() < now.getTime() - 20 * DAY_MS,
  );

  listings.forEach((listing, index) => {
    const unit = bookingUnitOf(listing);
    const rules = settingsOf.get(index);
    if (listing.status !== "approved" || !unit || !rules) return;
    const stay = (
      guestId: string,
      checkIn: string,
      checkOut: string,
      quantity: number,
      extra: { departure?: number; guests?: number; review: boolean },
    ) => {
      const completedAt = at(checkOut, 10);
      const bookedAt = new Date(
        Math.max(
          listing.createdAt.getTime() + DAY_MS / 2,
          at(checkIn, 9).getTime() - rnd.int(2, 30) * DAY_MS,
        ),
      );
      const pool = unit === "departure" ? TOUR_TEXTS : STAY_TEXTS;
      data.stays.push({
        index,
        guestId,
        hostId: listing.userId,
        unit,
        checkIn,
        checkOut,
        quantity,
        guests: extra.guests ?? rnd.int(1, Math.min(rules.maxGuests, 3)),
        departure: extra.departure ?? null,
        preparationDays: unit === "departure" ? 0 : rules.preparationDays,
        policy: rules.cancellationPolicy,
        rateUsdCents: listing.priceUsdCents,
        cleaningFeeUsdCents: unit === "departure" ? 0 : rules.cleaningFeeUsdCents,
        bookedAt,
        completedAt,
        review: extra.review ? drawReview(rnd, pool, completedAt, now) : null,
      });
    };

    if (index === journeyIndex) {
      for (let k = REVIEW_JOURNEY.stays; k >= 1; k--) {
        const checkIn = addDays(today, -3 * k - 1);
        stay(GUESTS[0]!.id, checkIn, addDays(checkIn, 1), 1, { guests: 1, review: false });
      }
      return;
    }

    // Stays one after another from a few days after the listing went up, ending before today.
    const wanted = rnd.pick([0, 1, 1, 2, 2, 3, 3, 4, 5]);
    let cursor = addDays(isoDay(listing.createdAt), rnd.int(1, 6));
    const guests = rnd.sample(others, wanted);
    for (const guestId of guests) {
      const checkIn = cursor;
      let checkOut: string;
      let quantity: number;
      let departure: number | undefined;
      let seats: number | undefined;
      if (unit === "night") {
        quantity = rnd.int(Math.max(1, rules.minStay), Math.max(rules.minStay, 5));
        checkOut = addDays(checkIn, quantity);
      } else if (unit === "month") {
        quantity = Math.max(1, rules.minStay);
        checkOut = addMonths(checkIn, quantity);
      } else {
        seats = rnd.int(1, 3);
        quantity = seats;
        checkOut = addDays(checkIn, 1);
        departure = data.departures.length;
        data.departures.push({
          index,
          departsOn: checkIn,
          seats: rnd.int(8, 16),
          seatsTaken: seats,
        });
      }
      if (checkOut >= today) break;
      stay(guestId, checkIn, checkOut, quantity, {
        departure,
        guests: seats,
        review: rnd.chance(0.85),
      });
      cursor = addDays(checkOut, rules.preparationDays + rnd.int(1, 12));
    }
  });

  listings.forEach((listing, index) => {
    if (listing.status !== "approved" || listing.category !== "professionals") return;
    const work = listing.serviceCategory ? WORK[listing.serviceCategory] : null;
    if (!work) return;
    const clients = rnd.sample(others, rnd.pick([0, 1, 2, 2, 3, 4]));
    let cursor = listing.createdAt.getTime() + rnd.int(1, 5) * DAY_MS;
    for (const clientId of clients) {
      const requestedAt = new Date(cursor);
      const quotedAt = new Date(cursor + rnd.int(2, 30) * 3_600_000);
      const acceptedAt = new Date(quotedAt.getTime() + rnd.int(2, 48) * 3_600_000);
      const completedAt = new Date(acceptedAt.getTime() + rnd.int(3, 20) * DAY_MS);
      if (completedAt.getTime() >= now.getTime() - DAY_MS) break;
      const hours = listing.priceType === "per_hour" ? rnd.int(3, 16) : 1;
      data.jobs.push({
        index,
        clientId,
        professionalId: listing.userId,
        need: work.need,
        covers: work.covers,
        place: listing.city,
        amountUsdCents: listing.priceUsdCents * hours,
        requestedAt,
        quotedAt,
        acceptedAt,
        completedAt,
        review: rnd.chance(0.85) ? drawReview(rnd, JOB_TEXTS, completedAt, now) : null,
      });
      cursor = completedAt.getTime() + rnd.int(1, 10) * DAY_MS;
    }
  });
  return data;
}

const CHUNK = 200;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Rows inserted in chunks, their ids in the order given (identity values follow VALUES order);
 * `insert` gets each chunk with the position of its first row.
 */
async function insertAll<T>(
  rows: readonly T[],
  insert: (chunk: T[], offset: number) => Promise<{ id: number }[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; offset < rows.length; offset += CHUNK) {
    const inserted = await insert(rows.slice(offset, offset + CHUNK), offset);
    ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Loads the demo's guests, their completed stays and jobs and the reviews of them, inside the
 * demo seed's transaction (`ids[i]` is the demo listing i's id), then computes every average.
 * Returns how many accounts it added.
 */
export async function insertDemoReviews(
  tx: DbTransaction,
  input: {
    listings: readonly DemoListing[];
    ids: readonly number[];
    settings: DemoBookings["settings"];
    now: Date;
  },
): Promise<{ guests: number; reviews: number }> {
  const data = buildDemoReviews(input.listings, input.settings, input.now);
  const idOf = (index: number) => {
    const id = input.ids[index];
    if (id === undefined) throw new Error(`no id for demo listing ${index}`);
    return id;
  };
  const [fee] = await tx
    .select({ bp: platformSettings.serviceFeeBasisPoints })
    .from(platformSettings)
    .limit(1);
  const serviceFeeBasisPoints = fee?.bp ?? 0;

  await tx
    .insert(user)
    .values(
      data.guests.map((g) => ({
        ...g,
        role: "user",
        emailVerified: true,
        updatedAt: g.createdAt,
      })),
    )
    .onConflictDoNothing();

  const departureIds = await insertAll(data.departures, (chunk) =>
    tx
      .insert(tourDepartures)
      .values(chunk.map(({ index, ...d }) => ({ listingId: idOf(index), ...d })))
      .returning({ id: tourDepartures.id }),
  );
  const bookingIds = await insertAll(data.stays, (chunk) =>
    tx
      .insert(bookings)
      .values(
        chunk.map((s) => {
          const price = priceBreakdown({
            rateUsdCents: s.rateUsdCents,
            quantity: s.quantity,
            cleaningFeeUsdCents: s.cleaningFeeUsdCents,
            serviceFeeBasisPoints,
          });
          return {
            listingId: idOf(s.index),
            guestId: s.guestId,
            hostId: s.hostId,
            unit: s.unit,
            checkIn: s.checkIn,
            checkOut: s.checkOut,
            preparationDays: s.preparationDays,
            departureId: s.departure === null ? null : (departureIds[s.departure] ?? null),
            guests: s.guests,
            quantity: s.quantity,
            status: "completed" as const,
            cancellationPolicy: s.policy,
            rateUsdCents: price.rateUsdCents,
            subtotalUsdCents: price.subtotalUsdCents,
            cleaningFeeUsdCents: price.cleaningFeeUsdCents,
            serviceFeeUsdCents: price.serviceFeeUsdCents,
            totalUsdCents: price.totalUsdCents,
            currencyCode: "USD",
            currencyRate: "1",
            createdAt: s.bookedAt,
            updatedAt: s.completedAt,
          };
        }),
      )
      .returning({ id: bookings.id }),
  );
  const events = data.stays.flatMap((s, i) => [
    {
      bookingId: bookingIds[i]!,
      event: "booked" as const,
      fromStatus: null,
      toStatus: "confirmed" as const,
      actorId: s.guestId,
      createdAt: s.bookedAt,
    },
    {
      bookingId: bookingIds[i]!,
      event: "completed" as const,
      fromStatus: "confirmed" as const,
      toStatus: "completed" as const,
      actorId: null,
      createdAt: s.completedAt,
    },
  ]);
  for (const chunk of chunks(events, CHUNK)) await tx.insert(bookingEvents).values(chunk);

  // Each client's job runs through a conversation of theirs about the listing, as on the site.
  const conversationIds = await insertAll(data.jobs, (chunk) =>
    tx
      .insert(conversations)
      .values(
        chunk.map((j) => ({
          listingId: idOf(j.index),
          guestId: j.clientId,
          hostId: j.professionalId,
          lastMessageAt: j.quotedAt,
          createdAt: j.requestedAt,
        })),
      )
      .returning({ id: conversations.id }),
  );
  const messageRows = data.jobs.flatMap((j, i) => [
    {
      conversationId: conversationIds[i]!,
      senderId: j.clientId,
      body: `${j.need} In ${j.place}.`,
      createdAt: j.requestedAt,
    },
    {
      conversationId: conversationIds[i]!,
      senderId: j.professionalId,
      body: `Thank you for asking. I have sent you a quote: ${j.covers}`,
      createdAt: j.quotedAt,
    },
  ]);
  for (const chunk of chunks(messageRows, CHUNK)) await tx.insert(messages).values(chunk);
  // Both sides have read the whole exchange: the demo's inboxes start without unread messages.
  if (conversationIds.length > 0) {
    const lastSeen = sql`(SELECT max(${messages.id}) FROM ${messages} WHERE ${messages.conversationId} = ${conversations.id})`;
    await tx
      .update(conversations)
      .set({ guestReadId: lastSeen, hostReadId: lastSeen })
      .where(inArray(conversations.id, conversationIds));
  }
  const requestIds = await insertAll(data.jobs, (chunk, offset) =>
    tx
      .insert(quoteRequests)
      .values(
        chunk.map((j, k) => ({
          conversationId: conversationIds[offset + k]!,
          listingId: idOf(j.index),
          clientId: j.clientId,
          professionalId: j.professionalId,
          need: j.need,
          place: j.place,
          neededBy: isoDay(new Date(j.completedAt.getTime() + 7 * DAY_MS)),
          createdAt: j.requestedAt,
        })),
      )
      .returning({ id: quoteRequests.id }),
  );
  const quoteIds = await insertAll(data.jobs, (chunk, offset) =>
    tx
      .insert(quotes)
      .values(
        chunk.map((j, k) => ({
          requestId: requestIds[offset + k]!,
          amountUsdCents: j.amountUsdCents,
          covers: j.covers,
          validUntil: isoDay(new Date(j.quotedAt.getTime() + 14 * DAY_MS)),
          status: "accepted" as const,
          createdAt: j.quotedAt,
          answeredAt: j.acceptedAt,
        })),
      )
      .returning({ id: quotes.id }),
  );
  const jobIds = await insertAll(data.jobs, (chunk, offset) =>
    tx
      .insert(jobs)
      .values(
        chunk.map((j, k) => ({
          quoteId: quoteIds[offset + k]!,
          listingId: idOf(j.index),
          clientId: j.clientId,
          professionalId: j.professionalId,
          status: "completed" as const,
          createdAt: j.acceptedAt,
          completedAt: j.completedAt,
        })),
      )
      .returning({ id: jobs.id }),
  );

  const reviewRows = [
    ...data.stays.flatMap((s, i) =>
      s.review
        ? [
            {
              ...s.review,
              listingId: idOf(s.index),
              authorId: s.guestId,
              subjectId: s.hostId,
              bookingId: bookingIds[i]!,
            },
          ]
        : [],
    ),
    ...data.jobs.flatMap((j, i) =>
      j.review
        ? [
            {
              ...j.review,
              listingId: idOf(j.index),
              authorId: j.clientId,
              subjectId: j.professionalId,
              jobId: jobIds[i]!,
            },
          ]
        : [],
    ),
  ];
  for (const chunk of chunks(reviewRows, CHUNK)) await tx.insert(reviews).values(chunk);
  await recomputeAllRatings(tx);
  return { guests: data.guests.length, reviews: reviewRows.length };
}
