import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { jobs, listings, payments, quotes, refunds, user } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { serviceFeeShare } from "../../lib/booking-payment.ts";
import type { CheckoutStarted } from "../../lib/schemas/payments.ts";
import type { JobPayment } from "../../lib/schemas/quotes.ts";
import { serviceFeeBasisPoints } from "../bookings/stay-price.server.ts";
import { refundPaidShare, releaseHeld } from "../bookings/held-money.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { requirePaymentProvider } from "../payments/checkout.server.ts";
import { startSingleCheckout } from "../payments/single-checkout.server.ts";
import { payoutItems } from "../payouts/payout-items.server.ts";
import type { PurposeHandler } from "../payments/purpose.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Jobs paid online: the client pays the accepted quote plus the platform's service fee (the same
 * basis points as bookings); the money is held for the professional until the job is completed,
 * then payable to them, and refunded to the client in full if the job is cancelled.
 */

const t = createTranslator();

type JobRow = typeof jobs.$inferSelect;

/** The quote plus the service fee, in US cents. */
function jobPrice(quoteUsdCents: number, basisPoints: number) {
  const serviceFeeUsdCents = Math.round((quoteUsdCents * basisPoints) / 10_000);
  return { serviceFeeUsdCents, totalUsdCents: quoteUsdCents + serviceFeeUsdCents };
}

/**
 * What each job costs online and whether it was paid, with its refunds: a paid job as charged, an
 * unpaid one at today's service fee. One query for a whole list.
 */
export async function jobPayments(
  db: Database | DbTransaction,
  list: { id: number; amountUsdCents: number }[],
): Promise<Map<number, JobPayment>> {
  const views = new Map<number, JobPayment>();
  if (list.length === 0) return views;
  const basisPoints = await serviceFeeBasisPoints(db);
  for (const job of list) {
    views.set(job.id, {
      ...jobPrice(job.amountUsdCents, basisPoints),
      paid: false,
      refunds: [],
      payout: null,
    });
  }
  const rows = await db
    .select({ payment: payments, refund: refunds })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(
      and(
        inArray(
          payments.jobId,
          list.map((job) => job.id),
        ),
        eq(payments.status, "paid"),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(refunds.createdAt));
  for (const { payment, refund } of rows) {
    const view = views.get(payment.jobId!)!;
    const quote = list.find((job) => job.id === payment.jobId)!.amountUsdCents;
    view.paid = true;
    view.totalUsdCents = payment.amountUsdCents;
    view.serviceFeeUsdCents = payment.amountUsdCents - quote;
    if (refund) {
      view.refunds.push({
        id: refund.id,
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        status: refund.status,
      });
    }
  }
  return views;
}

/**
 * Where the money of each paid job stands for its professional (held, payable, paid out), set on
 * the views of the jobs where `professionalId` is the professional.
 */
export async function addPayoutStates(
  db: Database | DbTransaction,
  professionalId: string,
  views: Map<number, JobPayment>,
): Promise<void> {
  if (![...views.values()].some((view) => view.paid)) return;
  for (const item of await payoutItems(db, professionalId)) {
    const view = item.kind === "job" ? views.get(item.id) : undefined;
    if (view?.paid) view.payout = item.state;
  }
}

/** Another payment for the job already went through: a second one is given back. */
async function jobAlreadyPaid(tx: DbTransaction, jobId: number, paymentId: string) {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.jobId, jobId),
        eq(payments.status, "paid"),
        sql`${payments.id} <> ${paymentId}`,
      ),
    )
    .limit(1);
  return Boolean(other);
}

/**
 * A job's payment is held for its professional (the service fee's share to the platform) while
 * the job is still to be done; money for a job completed or cancelled meanwhile, or paid twice,
 * is not applied and the payments core refunds it.
 */
export const jobPaymentHandler: PurposeHandler = {
  async onPaid(tx, payment) {
    if (payment.jobId === null) return { credits: null };
    const [row] = await tx
      .select({ job: jobs, quoteUsdCents: quotes.amountUsdCents })
      .from(jobs)
      .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
      .where(eq(jobs.id, payment.jobId))
      .for("update", { of: jobs });
    if (!row || row.job.status !== "accepted") return { credits: null };
    if (await jobAlreadyPaid(tx, row.job.id, payment.id)) return { credits: null };
    const fee = serviceFeeShare(
      payment.amountMinor,
      payment.amountUsdCents - row.quoteUsdCents,
      payment.amountUsdCents,
    );
    return {
      credits: [
        { account: "service_fee_revenue" as const, userId: null, amountMinor: fee },
        {
          account: "host_held" as const,
          userId: row.job.professionalId,
          amountMinor: payment.amountMinor - fee,
        },
      ].filter((leg) => leg.amountMinor > 0),
    };
  },
  async onUnpaid() {
    return {};
  },
};

/**
 * Opens the checkout of an accepted job for its client. A job already paid is refused; the
 * checkout of it already open is given back rather than doubled, also to requests at once.
 */
export async function startJobCheckout(
  actor: Actor | null,
  rawJobId: unknown,
  displayCurrency?: string | null,
): Promise<CheckoutStarted> {
  requireAllowed(actor, "payment:pay");
  await requireUnderWriteLimit("checkout", actor);
  const jobId = requireId(rawJobId, "job");
  const db = await getDb();
  const [row] = await db
    .select({
      job: jobs,
      quoteUsdCents: quotes.amountUsdCents,
      title: listings.title,
      email: user.email,
    })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
    .innerJoin(listings, eq(listings.id, jobs.listingId))
    .innerJoin(user, eq(user.id, jobs.clientId))
    .where(eq(jobs.id, jobId));
  if (!row || (row.job.clientId !== actor.id && row.job.professionalId !== actor.id)) {
    throw new AppError("NOT_FOUND", "quotes.errors.jobNotFound");
  }
  if (row.job.clientId !== actor.id) throw new AppError("FORBIDDEN", "payments.jobs.onlyClient");
  if (row.job.status !== "accepted") {
    throw new AppError(
      "CONFLICT",
      row.job.status === "completed" ? "quotes.errors.jobCompleted" : "quotes.errors.jobCancelled",
    );
  }
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.jobId, jobId), eq(payments.status, "paid")))
    .limit(1);
  if (paid) throw new AppError("CONFLICT", "payments.jobs.alreadyPaid");

  requirePaymentProvider();
  const { totalUsdCents } = jobPrice(row.quoteUsdCents, await serviceFeeBasisPoints(db));
  return startSingleCheckout(
    {
      payerId: actor.id,
      purpose: "job",
      jobId,
      amountUsdCents: totalUsdCents,
      description: t("payments.jobs.description", { id: jobId, title: row.title }),
      displayCurrency,
    },
    row.email,
  );
}

/** Whether the client paid for the job online (the payment row locked until the caller commits). */
export async function jobPaidOnline(tx: DbTransaction, jobId: number): Promise<boolean> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.jobId, jobId), eq(payments.status, "paid")))
    .limit(1)
    .for("update");
  return paid !== undefined;
}

/** The job is completed: what its client paid becomes payable to the professional at once. */
export async function releaseJobMoney(tx: DbTransaction, job: JobRow): Promise<void> {
  await releaseHeld(tx, { hostId: job.professionalId, jobId: job.id });
}

/**
 * The job is cancelled: what its client paid online is refunded in full (recorded now, sent
 * after commit). True when refunds wait to be sent.
 */
export async function refundJobMoney(tx: DbTransaction, job: JobRow): Promise<boolean> {
  const refunded = await refundPaidShare(
    tx,
    { hostId: job.professionalId, jobId: job.id },
    1,
    "job_cancelled",
  );
  return refunded !== null && refunded > 0;
}
