/** Booking a stay, a room or a tour, and running a listing's calendar. */
export const bookings = {
  /** A stay's price, line by line: on the booking card and on the receipt. */
  lines: {
    rateLine: {
      night: { one: "{rate} × {count} night", other: "{rate} × {count} nights" },
      month: { one: "{rate} × {count} month", other: "{rate} × {count} months" },
      departure: { one: "{rate} × {count} seat", other: "{rate} × {count} seats" },
    },
    cleaningFee: "Cleaning fee",
    serviceFee: "Service fee",
    total: "Total",
  },
  errors: {
    date: "Enter a date as YYYY-MM-DD.",
    checkOutAfterCheckIn: "Check-out must be after check-in.",
    datesRequired: "Choose your check-in and check-out dates.",
    moveInRequired: "Choose your move-in date and how many months.",
    departureRequired: "Choose a departure.",
    guests: "Enter the number of guests (1 to 50).",
    months: "Enter a number of months.",
    departure: "Choose one of the listed departures.",
    message: "Keep your message under 1,000 characters.",
    reason: "Keep the reason under 500 characters.",
    mode: "Choose instant book or request to book.",
    policy: "Choose a cancellation policy.",
    minStay: "Enter a minimum stay from 1 to 365.",
    maxStay: "Enter a maximum stay no shorter than the minimum, or leave it empty.",
    notice: "Enter the notice in days, from 0 to 365.",
    preparation: "Enter the preparation days, from 0 to 30.",
    maxGuests: "Enter the most guests you take, from 1 to 50.",
    cleaningFee: "Enter a cleaning fee from 0 to 100,000 US dollars.",
    seats: "Enter the seats, from 1 to 500.",
    icalUrl: "Enter the calendar's web address (http or https, with no port or password).",
    notBookable: "This listing does not take bookings on the site.",
    priceTypeForUnit: "Set the listing's price {priceType} to take bookings.",
    noPrice: "Set the listing's price to take bookings.",
    ownListing: "You cannot book your own listing.",
    inPast: "Choose dates from today on.",
    tooFarAhead: "Bookings open up to two years ahead.",
    tooSoon: "This listing needs {days} days' notice: the first possible check-in is {date}.",
    minNights: {
      one: "The minimum stay is {count} night.",
      other: "The minimum stay is {count} nights.",
    },
    maxNights: {
      one: "The maximum stay is {count} night.",
      other: "The maximum stay is {count} nights.",
    },
    minMonths: {
      one: "The minimum stay is {count} month.",
      other: "The minimum stay is {count} months.",
    },
    maxMonths: {
      one: "The maximum stay is {count} month.",
      other: "The maximum stay is {count} months.",
    },
    tooManyGuests: {
      one: "This listing takes {count} guest at most.",
      other: "This listing takes up to {count} guests.",
    },
    datesTaken:
      "{from} to {to} is already taken. The nearest free dates for the same stay: {nearest}.",
    datesTakenNoneFree:
      "{from} to {to} is already taken, and no other dates of the same length are free while bookings are open.",
    datesClosed: "{from} to {to} is not available: the host has closed {closed}.",
    tooManyHoldsNewGuest: {
      one: "You already have {count} booking that is unpaid or waiting for a host's answer: until your first completed stay, that is the most you can hold. Pay for it, wait for an answer or cancel it to book again; after a completed stay you can hold up to {more}.",
      other:
        "You already have {count} bookings that are unpaid or waiting for a host's answer: until your first completed stay, that is the most you can hold. Pay for one, wait for an answer or cancel one to book again; after a completed stay you can hold up to {more}.",
    },
    tooManyHolds: {
      one: "You already have {count} booking that is unpaid or waiting for a host's answer, the most one account can hold. Pay for it, wait for an answer or cancel it to book again.",
      other:
        "You already have {count} bookings that are unpaid or waiting for a host's answer, the most one account can hold. Pay for one, wait for an answer or cancel one to book again.",
    },
    tooManyNightsHere: {
      one: "You already hold {held} unpaid nights at this listing, and one guest can hold up to {count} night at one listing. Pay for or cancel a booking here to hold more.",
      other:
        "You already hold {held} unpaid nights at this listing, and one guest can hold up to {count} nights at one listing. Pay for or cancel a booking here to hold more.",
    },
    seatsLeft: {
      one: "Only {count} seat is left on the {date} departure.",
      other: "Only {count} seats are left on the {date} departure.",
    },
    departureFull: "The {date} departure is full.",
    notFound: "We could not find that booking.",
    notRequested: "This request was already answered.",
    notCancellable: "This booking can no longer be cancelled.",
    hostCancelStarted:
      "This booking has begun: only our team can cancel it now. Contact us with the reason.",
    adminReason: "Give the reason for cancelling: the guest and the host read it.",
    bookingsOnDates: "Bookings hold {from} to {to}: cancel them before closing those dates.",
    departureNotFound: "This departure could not be found.",
    feedNotFound: "This calendar feed could not be found.",
    departureHasBookings: "This departure has bookings: cancel them before removing it.",
    departureExists: "There is already a departure on {date}.",
    seatsBelowTaken: {
      one: "{count} seat is already booked on this departure.",
      other: "{count} seats are already booked on this departure.",
    },
    feedExists: "This calendar is already imported.",
    feedUnreadable:
      "We could not read that calendar. Check that it is the calendar's public iCal address (http or https, up to 2 MB) and try again.",
    feedTooManyEvents:
      "That calendar has more than {max} events, more than we can import. Import the calendar of one listing or room at a time.",
    unknownCurrency: "Choose one of the site's currencies.",
    paymentMode: "Choose how guests pay: at the property, online in full or a deposit online.",
    depositPercent: "Enter the deposit as a percentage of the total, from 10 to 90.",
    notDeposit: "This booking has no balance to pay online.",
    balancePaid: "The balance of this booking is already paid.",
    checkoutClosed:
      "The time to pay for this booking is over: its dates are no longer held. You can book them again if they are still free.",
    checkoutOpen:
      "A payment of this booking is already under way: finish it on the payment page, or wait a moment for its result.",
    balanceTooLate:
      "The balance can be paid online until the day before the booking starts; pay it at the property.",
    balanceNotConfirmed: "The balance is paid once the booking is confirmed.",
    notYourBooking: "Only the guest who booked pays for it.",
  },
  policies: {
    flexible: "Flexible",
    moderate: "Moderate",
    strict: "Strict",
  },
  /** Each way of booking in its own words: `{start}` and `{price}` in texts are filled from here. */
  units: {
    night: {
      start: "Check-in",
      end: "Check-out",
      /** In a sentence: "before check-in". */
      startEvent: "check-in",
      people: "Guests",
      peopleCount: { one: "{count} guest", other: "{count} guests" },
      period: "the stay",
      /** As a heading or a subject's first word. */
      periodTitle: "Stay",
      price: "the price of the stay",
    },
    month: {
      start: "Move-in date",
      end: "Move-out date",
      startEvent: "move-in",
      people: "Tenants",
      peopleCount: { one: "{count} tenant", other: "{count} tenants" },
      period: "the tenancy",
      periodTitle: "Tenancy",
      price: "the rent",
    },
    departure: {
      start: "Departure",
      end: "Return",
      startEvent: "departure",
      people: "Seats",
      peopleCount: { one: "{count} seat", other: "{count} seats" },
      period: "the tour",
      periodTitle: "Tour",
      price: "the tour price",
    },
  },
  policyRules: {
    flexible:
      "Full refund if you cancel at least 1 day before {start}; half of {price} (without the service fee) after that, until {start}.",
    moderate:
      "Full refund if you cancel at least 5 days before {start}; half of {price} (without the service fee) after that, until {start}.",
    strict:
      "Full refund if you cancel at least 30 days before {start}, or within 48 hours of booking when {start} is 14 or more days away; half of {price} (without the service fee) until 7 days before {start}; no refund after that.",
  },
  statuses: {
    awaiting_payment: "Awaiting payment",
    requested: "Requested",
    declined: "Declined",
    expired: "Expired",
    confirmed: "Confirmed",
    cancelled: "Cancelled",
    completed: "Completed",
  },
  payAtProperty: "Payment: paid at the property.",
  /** How a stay is paid, as the booking card, its review and the Bookings tab say it. */
  payment: {
    onArrival: "Payment: paid at the property.",
    full: "Paid online now: {now}; nothing is left to pay at the property.",
    deposit:
      "Paid online now: {now} ({percent} % deposit); the rest, {rest}, is paid online from your Bookings tab any time before {start}, or at the property.",
    refundedIfNotAccepted:
      "If the host declines or does not answer within 24 hours, everything paid online is refunded.",
    checkoutNote:
      "You pay on the payment provider's page next: card, mobile money or bank transfer.",
  },
  card: {
    title: {
      night: "Book your stay",
      month: "Book this room",
      departure: "Book this tour",
    },
    instant: "Instant book: confirmed at once.",
    request: "Request to book: the host answers within 24 hours.",
    months: "Months",
    chooseDeparture: "Choose a departure",
    seatsLeft: { one: "{date} · {count} seat left", other: "{date} · {count} seats left" },
    noDepartures: "No departures are scheduled in the next two months.",
    checkPrice: "Check price",
    minStay: {
      night: { one: "Minimum stay: {count} night.", other: "Minimum stay: {count} nights." },
      month: { one: "Minimum stay: {count} month.", other: "Minimum stay: {count} months." },
    },
    usdNote: "Prices are set in US dollars: {amount} in all; other currencies are at today's rate.",
    chargeNote: "Charged at the checkout: {amount}, in {currency}.",
    policy: "Cancellation policy: {policy}",
    message: "Message to the host (optional)",
    bookNow: "Book now",
    requestToBook: "Request to book",
    bookAndPay: "Book and pay {amount}",
    requestAndPay: "Request and pay {amount}",
    visitorNote:
      "When you book we ask you to sign in or create an account, and keep your message until you do.",
    ownListing: "This is your listing: manage its calendar from your dashboard.",
    calendarTitle: "Availability",
    calendarHint: "Tap a day to choose your check-in, then your check-out.",
    calendarHintMonth: "Tap a day to choose your move-in day.",
    calendarCaption: "{month}: days free for {start}",
    free: "Available",
    taken: "Not available",
    notBookable: "Not available: {date}",
    bookedTitle: "Booking confirmed",
    bookedDescription: "Your booking at {title} is confirmed. We sent the details by e-mail.",
    requestedTitle: "Request sent",
    requestedDescription: "{title} has 24 hours to answer your request. We e-mailed you a copy.",
    refusedTitle: "Not booked",
    signInDescription: "Sign in or create an account to book.",
  },
  mail: {
    subject: {
      requested: "Booking request for {title}",
      booked: "Booking confirmed: {title}",
      accepted: "Booking confirmed: {title}",
      declined: "Booking request declined: {title}",
      expired: "Booking request expired: {title}",
      cancelled: "Booking cancelled: {title}",
      completed: "{periodTitle} completed: {title}",
      unpaid: "Booking not paid: {title}",
    },
    guest: {
      requested:
        "Your request to book {title} was sent to {host}. They have 24 hours to accept it; until then nothing is charged.",
      booked: "Your booking at {title} is confirmed.",
      accepted: "{host} accepted your request: your booking at {title} is confirmed.",
      declined: "{host} declined your request to book {title}.",
      expired:
        "Your request to book {title} expired: the host did not answer within 24 hours. The dates are free for you to book elsewhere.",
      cancelled: "Your booking at {title} was cancelled by {who}.",
      completed: "Thank you for choosing {title}: {period} is over. We hope to see you again.",
      unpaid:
        "Your booking at {title} was not paid: the checkout ended without a payment. Nothing was charged, and the dates are free again.",
    },
    host: {
      requested:
        "{guest} asks to book {title}. Accept or decline within 24 hours, or the request expires.",
      booked: "{guest} booked {title}.",
      accepted: "You accepted {guest}'s request: the booking at {title} is confirmed.",
      declined: "You declined {guest}'s request to book {title}.",
      expired: "{guest}'s request to book {title} expired without an answer.",
      cancelled: "The booking of {title} by {guest} was cancelled by {who}.",
      completed: "{guest} completed {period} at {title}.",
    },
    who: { guest: "the guest", host: "the host", admin: "the Gateway Africa team" },
    dates: "Dates: {from} to {to}",
    departure: "Departure: {date}",
    people: "{people}: {count}",
    total: "Total: {amount}",
    refund: "Refund: {amount}",
    notCharged: "Payment: nothing was charged.",
    requestedPaid:
      "Your request to book {title} was sent to {host}. They have 24 hours to accept it; if they decline or do not answer, everything you paid online is refunded.",
    paidInFull: "Paid online: {amount}. Nothing is left to pay at the property.",
    paidDeposit:
      "Paid online: {amount} deposit. The rest, {rest}, is paid online before {start} or at the property.",
    policy: "Cancellation policy: {policy}",
    reason: "Reason: {reason}",
    message: "Message from the guest:",
    reference: "Booking reference: #{id}",
    actionGuest: "See your bookings",
    actionHost: "Open your booking inbox",
    footer: "You receive this e-mail because of a booking on {siteName}.",
    calendarSummary: "{title} ({city})",
  },
} as const;
