import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { listings, planSubscriptions, premiumPlans, user } from "../../db/schema/index.ts";
import { reminderDue } from "../../lib/plan-period.ts";
import {
  applyFreeLimits,
  limitsOf,
  lockAccount,
  resumePausedListings,
} from "./plan-limits.server.ts";
import { currentPlan } from "./entitlements.server.ts";
import { planLapsedEmail, planReminderEmail, sendPlanMail } from "./plan-mail.server.ts";

/**
 * The plans' scheduled work (called every minute by app/services/scheduled-jobs.server.ts):
 * reminders 7 days and 1 day before an account's last plan ends, the drop back to the free
 * limits at its end, and paused listings coming back when a plan queued after another starts.
 * Each step asks the database what is due and claims it with a conditional write, so a run
 * that overlaps another, or repeats, sends nothing twice.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * No later subscription of the same account: this one's end is the account's plan's end. The
 * outer row's columns are written out in full: Drizzle leaves them unqualified in a query without
 * joins, where they would name the subquery's own row.
 */
const isLast = sql`not exists (
  select 1 from ${planSubscriptions} later
  where later.user_id = "plan_subscriptions"."user_id"
    and later.ends_at > "plan_subscriptions"."ends_at")`;

async function sendReminders(now: Date): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({
      id: planSubscriptions.id,
      endsAt: planSubscriptions.endsAt,
      email: user.email,
      name: user.name,
      planName: premiumPlans.name,
    })
    .from(planSubscriptions)
    .innerJoin(user, eq(user.id, planSubscriptions.userId))
    .innerJoin(premiumPlans, eq(premiumPlans.id, planSubscriptions.planId))
    .where(
      and(
        gt(planSubscriptions.endsAt, now),
        lte(planSubscriptions.endsAt, new Date(now.getTime() + WEEK_MS)),
        or(isNull(planSubscriptions.remindedWeekAt), isNull(planSubscriptions.remindedDayAt)),
        isLast,
      ),
    );
  let sent = 0;
  for (const subscription of due) {
    const which = reminderDue(subscription.endsAt, now);
    if (!which) continue;
    const mark =
      which === "week" ? planSubscriptions.remindedWeekAt : planSubscriptions.remindedDayAt;
    // The day reminder also closes the week's: one e-mail when a run comes late.
    const [claimed] = await db
      .update(planSubscriptions)
      .set(
        which === "week"
          ? { remindedWeekAt: now }
          : {
              remindedDayAt: now,
              remindedWeekAt: sql`coalesce(${planSubscriptions.remindedWeekAt}, ${now})`,
            },
      )
      .where(and(eq(planSubscriptions.id, subscription.id), isNull(mark)))
      .returning({ id: planSubscriptions.id });
    if (!claimed) continue;
    await sendPlanMail(await planReminderEmail(subscription, which));
    sent += 1;
  }
  return sent;
}

/** Accounts whose plans all ended and that are not yet back to the free limits. */
async function lapsePlans(now: Date): Promise<number> {
  const db = await getDb();
  const ended = await db
    .selectDistinct({ userId: planSubscriptions.userId })
    .from(planSubscriptions)
    .where(and(lte(planSubscriptions.endsAt, now), isNull(planSubscriptions.lapsedAt), isLast));
  let lapsed = 0;
  for (const { userId } of ended) {
    const outcome = await db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      // A plan bought since the query runs now: the account keeps its limits.
      if (await currentPlan(userId, now, tx)) return null;
      const claimed = await tx
        .update(planSubscriptions)
        .set({ lapsedAt: now })
        .where(
          and(
            eq(planSubscriptions.userId, userId),
            lte(planSubscriptions.endsAt, now),
            isNull(planSubscriptions.lapsedAt),
          ),
        )
        .returning({ endsAt: planSubscriptions.endsAt, planId: planSubscriptions.planId });
      if (claimed.length === 0) return null;
      const last = claimed.reduce((a, b) => (a.endsAt > b.endsAt ? a : b));
      const [target] = await tx
        .select({ email: user.email, name: user.name, planName: premiumPlans.name })
        .from(user)
        .innerJoin(premiumPlans, eq(premiumPlans.id, last.planId))
        .where(eq(user.id, userId));
      const { paused } = await applyFreeLimits(tx, userId);
      return target ? { target: { ...target, endsAt: last.endsAt }, paused } : null;
    });
    if (!outcome) continue;
    lapsed += 1;
    await sendPlanMail(await planLapsedEmail(outcome.target, outcome.paused));
  }
  return lapsed;
}

/** Paused listings of accounts whose plan (one queued after another) now has room for them. */
async function resumeListings(now: Date): Promise<number> {
  const db = await getDb();
  const owners = await db
    .selectDistinct({ userId: listings.userId })
    .from(listings)
    .where(
      and(
        eq(listings.status, "paused"),
        sql`exists (select 1 from ${planSubscriptions} running
          where running.user_id = "listings"."user_id"
            and running.starts_at <= ${now} and running.ends_at > ${now})`,
      ),
    );
  let resumed = 0;
  for (const { userId } of owners) {
    resumed += await db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const running = await currentPlan(userId, now, tx);
      return running ? resumePausedListings(tx, userId, limitsOf(running).listings) : 0;
    });
  }
  return resumed;
}

export async function runPlanJobs(now: Date = new Date()): Promise<{
  reminded: number;
  lapsed: number;
  resumed: number;
}> {
  const reminded = await sendReminders(now);
  const lapsed = await lapsePlans(now);
  const resumed = await resumeListings(now);
  return { reminded, lapsed, resumed };
}
