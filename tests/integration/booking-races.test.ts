import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../app/db/client.server.ts";
import { bookings } from "../../app/db/schema/index.ts";
import { transactionWithRetry } from "../../app/db/transaction-retry.server.ts";
import { AppError } from "../../app/lib/app-error.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay } from "../support/factories/bookings.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Overlapping bookings at the same moment (issue 24, item 12). On PostgreSQL two inserts that
 * each wait on the other's exclusion check deadlock (40P01); the transaction is run again, and
 * whoever lost is told the dates are taken. No answer is a 500, and no night is booked twice.
 */

describe(`booking transactions under contention on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let host: MadeUser;
  const day = (offset: number) => addDays(isoDay(new Date()), offset);

  beforeAll(async () => {
    // Twenty guests from one address book at once: the race is tested, not the hourly rate.
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    host = await makeUser({ role: "agent" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });
  const noPause = async () => undefined;

  it("runs a transaction again after a deadlock or a serialisation failure, a bounded number of times", async () => {
    let attempts = 0;
    const value = await transactionWithRetry(
      app.handle.db,
      async (tx) => {
        attempts++;
        await tx.execute(sql`select 1`);
        if (attempts === 1) throw deadlock();
        if (attempts === 2)
          throw Object.assign(new Error("could not serialize"), { code: "40001" });
        return "done";
      },
      { pause: noPause },
    );
    expect({ value, attempts }).toEqual({ value: "done", attempts: 3 });

    attempts = 0;
    const exhausted = await transactionWithRetry(
      app.handle.db,
      async () => {
        attempts++;
        throw deadlock();
      },
      { pause: noPause },
    ).catch((error: unknown) => error);
    expect(exhausted).toBeInstanceOf(AppError);
    expect(exhausted).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "requests.busy" });
    expect(attempts).toBe(5);

    // Anything else is not retried.
    attempts = 0;
    const other = await transactionWithRetry(app.handle.db, async () => {
      attempts++;
      throw Object.assign(new Error("exclusion"), { code: "23P01" });
    }).catch((error: unknown) => error);
    expect(other).toMatchObject({ code: "23P01" });
    expect(attempts).toBe(1);
  });

  /** A stay by the night at $100 with two preparation days, instant, paid at the property. */
  async function stayWithPreparation() {
    return (await makeStay({ owner: host, settings: { preparationDays: 2 } })).id;
  }

  /** Resolves once a session of this database waits for a lock (a booking on another's nights). */
  async function someoneWaitsForALock() {
    for (let tries = 0; tries < 500; tries++) {
      const [row] = await queryRows<{ n: number }>(
        app.handle.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("Nobody waited for a lock");
  }

  it.skipIf(testEngine !== "postgres")(
    "a booking that PostgreSQL aborts in a deadlock is run again and answered 409 in words, not 500",
    async () => {
      const listingId = await stayWithPreparation();
      const guest = await makeUser({ role: "user" });
      const others = await Promise.all([makeUser({ role: "user" }), makeUser({ role: "user" })]);
      const template = await send(`/api/v1/listings/${listingId}/bookings`, {
        json: { checkIn: day(200), checkOut: day(202), guests: 1 },
        jar: others[0]!.jar,
        ip: app.nextIp(),
      });
      expect(template.status).toBe(201);
      const [copy] = await app.handle.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, ((await template.json()) as { id: number }).id));
      const { id: _id, occupied: _o, createdAt: _c, updatedAt: _u, ...row } = copy!;
      const nights = (guestId: string, from: number, to: number) => ({
        ...row,
        guestId,
        checkIn: day(from),
        checkOut: day(to),
        quantity: to - from,
      });

      // Another transaction holds day 60 to 63 (and 63, 64 for preparation), not yet committed.
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let firstInserted!: () => void;
      const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
      const other = app.handle.db.transaction(async (tx) => {
        // Its own wait is the longer: PostgreSQL's detector picks the booking as the victim.
        await tx.execute(sql`set local deadlock_timeout = '10s'`);
        await tx.insert(bookings).values(nights(others[0]!.id, 60, 63));
        firstInserted();
        await someoneWaitsForALock();
        // Day 65 to 67 meets the booking below (day 62 to 65 and its preparation days), which
        // waits on this transaction: each now waits on the other.
        await tx.insert(bookings).values(nights(others[1]!.id, 65, 67));
        await committing;
      });
      await inserted;
      const answer = send(`/api/v1/listings/${listingId}/bookings`, {
        json: { checkIn: day(62), checkOut: day(65), guests: 1 },
        jar: guest.jar,
        ip: app.nextIp(),
      });
      // The booking's first run was aborted (40P01); its second waits on the other transaction
      // again, which now commits: the second run is refused for the nights taken.
      await someoneWaitsForALock();
      commit();
      await other;
      const response = await answer;
      expect(response.status).toBe(409);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe("CONFLICT");
      expect(error.message).toMatch(/already taken/);
      const held = await app.handle.db
        .select({ guestId: bookings.guestId })
        .from(bookings)
        .where(eq(bookings.listingId, listingId));
      expect(held.map((b) => b.guestId)).not.toContain(guest.id);
      expect(held).toHaveLength(3);
    },
    60_000,
  );

  it.skipIf(testEngine !== "postgres")(
    "20 overlapping requests at once on a listing with preparation days, repeated: no 500, no double booking",
    async () => {
      const listingId = await stayWithPreparation();
      const statuses = new Map<number, number>();
      const messageless: string[] = [];
      let booked = 0;
      for (let round = 0; round < 6; round++) {
        const guests = await Promise.all(
          Array.from({ length: 20 }, () => makeUser({ role: "user" })),
        );
        const base = 20 + round * 30;
        const answers = await Promise.all(
          guests.map((guest, i) =>
            send(`/api/v1/listings/${listingId}/bookings`, {
              json: { checkIn: day(base + (i % 5)), checkOut: day(base + (i % 5) + 3), guests: 1 },
              jar: guest.jar,
              ip: app.nextIp(),
            }),
          ),
        );
        for (const answer of answers) {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 201) {
            booked++;
            continue;
          }
          const body = (await answer.json()) as { error?: { message?: string } };
          if (!body.error?.message) messageless.push(`${answer.status}`);
        }
      }
      expect(statuses.get(500) ?? 0).toBe(0);
      expect([...statuses.keys()].every((s) => [201, 409, 503].includes(s))).toBe(true);
      expect(messageless).toEqual([]);
      const [overlaps] = await queryRows<{ n: number }>(
        app.handle.db,
        sql`select count(*)::int as n from bookings a join bookings b
            on a.listing_id = b.listing_id and a.id < b.id and a.occupied && b.occupied
            where a.listing_id = ${listingId}
              and a.status in ('awaiting_payment', 'requested', 'confirmed')
              and b.status in ('awaiting_payment', 'requested', 'confirmed')`,
      );
      expect(overlaps!.n).toBe(0);
      const [held] = await queryRows<{ n: number }>(
        app.handle.db,
        sql`select count(*)::int as n from bookings where listing_id = ${listingId}`,
      );
      expect(held!.n).toBe(booked);
      expect(booked).toBeGreaterThanOrEqual(6);
    },
    120_000,
  );
});
