import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  messages,
  reports,
  reviews,
  user,
  userBlocks,
} from "../../app/db/schema/index.ts";
import { paymentRuleReasons } from "../../app/lib/payment-rule.ts";
import {
  getNotificationSettings,
  updateNotificationSettings,
} from "../../app/services/accounts/profile.server.ts";
import {
  blockBetween,
  blockUser,
  listBlocked,
  unblockUser,
} from "../../app/services/safety/blocks.server.ts";
import { fileFlaggedMessageReport, fileReport } from "../../app/services/safety/reports.server.ts";
import {
  countOpenReports,
  hideReportedReview,
  listReports,
  resolveReport,
} from "../../app/services/safety/report-queue.server.ts";
import * as blocksRoute from "../../app/routes/resources/blocks.ts";
import * as reportsRoute from "../../app/routes/resources/reports.ts";
import * as reportsPage from "../../app/routes/dashboard/reports.tsx";
import * as profilePage from "../../app/routes/dashboard/profile.tsx";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { location, toastOf } from "../support/flash.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

describe(`safety on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let guest: MadeUser;
  let host: MadeUser;
  let stranger: MadeUser;
  let admin: MadeUser;
  let listingId: number;
  let conversationId: number;
  let hostMessageId: number;
  let guestMessageId: number;

  /** Runs a refused call and checks that no row of any table changed. */
  async function refusedUnchanged(call: () => Promise<unknown>) {
    const before = await databaseSnapshot(app.handle.db);
    const refusal = await refusalOf(call());
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    return refusal;
  }

  /** A completed stay of the guest at the host's listing, and the guest's review of it. */
  async function makeReview(body = "Lovely stay, the host was kind.") {
    const booking = await makeBooking({
      listing: { id: listingId },
      guest,
      checkIn: "2026-01-10",
      status: "completed",
    });
    const [review] = await app.handle.db
      .insert(reviews)
      .values({
        listingId,
        authorId: guest.id,
        subjectId: host.id,
        bookingId: booking.id,
        rating: 2,
        body,
      })
      .returning({ id: reviews.id });
    return review!.id;
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    host = await makeUser({ role: "agent", name: "Ama Host" });
    stranger = await makeUser({ role: "user", name: "Zara Stranger" });
    admin = await makeUser({ role: "admin" });
    listingId = (await makeListing({ owner: host, title: "Osu Apartment" })).id;
    const conversation = await makeConversation({
      listing: { id: listingId },
      guest,
      messages: [
        { from: guest, body: "Is the flat still free in March?" },
        { from: host, body: "Yes. Come and see it on Saturday." },
      ],
    });
    conversationId = conversation.id;
    const [asked, answered] = conversation.messageIds;
    guestMessageId = asked!;
    hostMessageId = answered!;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("blocking", () => {
    it("blocks, lists and unblocks, and blockBetween says who blocked whom both ways", async () => {
      expect(await blockBetween(app.handle.db, guest.id, host.id)).toBeNull();
      expect(await blockUser(guest.viewer, host.id)).toEqual({
        userId: host.id,
        name: "Ama Host",
        blocked: true,
      });
      // Blocking again changes nothing.
      await blockUser(guest.viewer, host.id);
      expect(await listBlocked(guest.viewer)).toEqual([
        expect.objectContaining({ id: host.id, name: "Ama Host", avatarUrl: null }),
      ]);
      expect(await blockBetween(app.handle.db, guest.id, host.id)).toBe("byMe");
      expect(await blockBetween(app.handle.db, host.id, guest.id)).toBe("byThem");
      expect(await listBlocked(host.viewer)).toEqual([]);

      // Both blocked: each is told to unblock first.
      await blockUser(host.viewer, guest.id);
      expect(await blockBetween(app.handle.db, host.id, guest.id)).toBe("byMe");
      expect(await blockBetween(app.handle.db, guest.id, host.id)).toBe("byMe");
      await unblockUser(host.viewer, guest.id);

      expect(await unblockUser(guest.viewer, host.id)).toMatchObject({ blocked: false });
      expect(await listBlocked(guest.viewer)).toEqual([]);
      expect(await blockBetween(app.handle.db, guest.id, host.id)).toBeNull();
    });

    it("refuses blocking oneself, nobody, or as a visitor, with nothing changed", async () => {
      expect(await refusedUnchanged(() => blockUser(guest.viewer, guest.id))).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "safety.errors.blockSelf",
      });
      expect(await refusedUnchanged(() => blockUser(guest.viewer, "no-such-person"))).toMatchObject(
        { code: "NOT_FOUND", message: "safety.errors.userNotFound" },
      );
      expect(await refusedUnchanged(() => blockUser(null, host.id))).toMatchObject({
        code: "UNAUTHENTICATED",
      });
    });

    it("blocks from the Block button's form and comes back with a toast", async () => {
      const back = `/dashboard/inbox/${conversationId}`;
      const blocked = await app.action(
        blocksRoute,
        "/blocks",
        { intent: "block", userId: host.id, redirectTo: back },
        guest.jar,
      );
      expect(location(blocked)).toBe(back);
      expect(toastOf(blocked)).toMatchObject({
        title: "safety.toasts.blocked",
        params: { name: "Ama Host" },
      });
      const self = await app.action(
        blocksRoute,
        "/blocks",
        { intent: "block", userId: guest.id, redirectTo: "https://evil.example/" },
        guest.jar,
      );
      // Another site's address is never followed.
      expect(location(self)).toBe("/");
      expect(toastOf(self)).toMatchObject({
        title: "safety.toasts.refused",
        description: "safety.errors.blockSelf",
      });
      const unblocked = await app.action(
        blocksRoute,
        "/blocks",
        { intent: "unblock", userId: host.id, redirectTo: "/dashboard/profile" },
        guest.jar,
      );
      expect(toastOf(unblocked)).toMatchObject({ title: "safety.toasts.unblocked" });
      expect(await app.handle.db.select().from(userBlocks)).toEqual([]);
    });

    it("blocks and unblocks through the API", async () => {
      const put = await send(`/api/v1/me/blocks/${host.id}`, { method: "PUT", jar: guest.jar });
      expect(put.status).toBe(200);
      expect(await put.json()).toEqual({ userId: host.id, name: "Ama Host", blocked: true });
      const list = await send("/api/v1/me/blocks", { jar: guest.jar });
      expect((await list.json()).blocked).toHaveLength(1);
      const self = await send(`/api/v1/me/blocks/${guest.id}`, { method: "PUT", jar: guest.jar });
      expect(self.status).toBe(400);
      expect((await self.json()).error.message).toBe("You cannot block yourself.");
      const removed = await send(`/api/v1/me/blocks/${host.id}`, {
        method: "DELETE",
        jar: guest.jar,
      });
      expect(await removed.json()).toMatchObject({ blocked: false });
      expect((await send("/api/v1/me/blocks", {})).status).toBe(401);
    });
  });

  describe("reports", () => {
    it("takes a report about a conversation from its people only", async () => {
      const input = { target: "conversation", conversationId, reason: "scam", details: "Odd." };
      expect(await refusedUnchanged(() => fileReport(stranger.viewer, input))).toMatchObject({
        code: "NOT_FOUND",
        message: "safety.errors.conversationNotFound",
      });
      const filed = await fileReport(guest.viewer, input);
      expect(filed).toMatchObject({ target: "conversation", reason: "scam", status: "open" });
      const [row] = await app.handle.db.select().from(reports).where(eq(reports.id, filed.id));
      expect(row).toMatchObject({
        reporterId: guest.id,
        conversationId,
        reportedUserId: host.id,
        details: "Odd.",
      });
    });

    it("refuses a second open report about the same thing: it is already with the team", async () => {
      const input = { target: "conversation", conversationId, reason: "spam" };
      expect(await refusedUnchanged(() => fileReport(guest.viewer, input))).toMatchObject({
        code: "CONFLICT",
        message: "safety.errors.alreadyReported",
      });
      // The other person may report the same conversation.
      await expect(fileReport(host.viewer, input)).resolves.toMatchObject({ status: "open" });
    });

    it("takes a report about another person's message of one's conversation", async () => {
      const filed = await fileReport(guest.viewer, {
        target: "message",
        messageId: hostMessageId,
        reason: "harassment",
      });
      const [row] = await app.handle.db.select().from(reports).where(eq(reports.id, filed.id));
      expect(row).toMatchObject({
        conversationId,
        messageId: hostMessageId,
        reportedUserId: host.id,
      });
      expect(
        await refusedUnchanged(() =>
          fileReport(guest.viewer, {
            target: "message",
            messageId: guestMessageId,
            reason: "spam",
          }),
        ),
      ).toMatchObject({ code: "VALIDATION_FAILED", message: "safety.errors.ownMessage" });
      expect(
        await refusedUnchanged(() =>
          fileReport(stranger.viewer, {
            target: "message",
            messageId: hostMessageId,
            reason: "spam",
          }),
        ),
      ).toMatchObject({ code: "NOT_FOUND", message: "safety.errors.messageNotFound" });
    });

    it("takes a report about a person, never oneself or nobody", async () => {
      expect(
        await refusedUnchanged(() =>
          fileReport(guest.viewer, { target: "user", userId: guest.id, reason: "other" }),
        ),
      ).toMatchObject({ code: "VALIDATION_FAILED", message: "safety.errors.reportSelf" });
      expect(
        await refusedUnchanged(() =>
          fileReport(guest.viewer, { target: "user", userId: "nobody", reason: "other" }),
        ),
      ).toMatchObject({ code: "NOT_FOUND", message: "safety.errors.userNotFound" });
      await expect(
        fileReport(stranger.viewer, { target: "user", userId: host.id, reason: "scam" }),
      ).resolves.toMatchObject({ target: "user" });
    });

    it("takes a report about a review shown on the site, not one's own", async () => {
      const reviewId = await makeReview();
      expect(
        await refusedUnchanged(() =>
          fileReport(guest.viewer, { target: "review", reviewId, reason: "other" }),
        ),
      ).toMatchObject({ code: "VALIDATION_FAILED", message: "safety.errors.ownReview" });
      await expect(
        fileReport(host.viewer, { target: "review", reviewId, reason: "inappropriate" }),
      ).resolves.toMatchObject({ target: "review" });
      const hidden = await makeReview("Hidden already.");
      await app.handle.db
        .update(reviews)
        .set({ hiddenAt: new Date(), hiddenReason: "Abusive" })
        .where(eq(reviews.id, hidden));
      expect(
        await refusedUnchanged(() =>
          fileReport(host.viewer, { target: "review", reviewId: hidden, reason: "other" }),
        ),
      ).toMatchObject({ code: "NOT_FOUND", message: "safety.errors.reviewNotFound" });
    });

    it("says which field is wrong and files nothing", async () => {
      expect(
        await refusedUnchanged(() =>
          fileReport(guest.viewer, { target: "conversation", conversationId }),
        ),
      ).toMatchObject({
        code: "VALIDATION_FAILED",
        fields: { reason: "safety.errors.reasonRequired" },
      });
      expect(
        await refusedUnchanged(() =>
          fileReport(guest.viewer, {
            target: "user",
            userId: host.id,
            reason: "other",
            details: "x".repeat(2001),
          }),
        ),
      ).toMatchObject({ fields: { details: "safety.errors.detailsTooLong" } });
      expect(
        await refusedUnchanged(() => fileReport(null, { target: "user", userId: host.id })),
      ).toMatchObject({ code: "UNAUTHENTICATED" });
    });

    it("shows the administrator the queue, open first, with each report's context", async () => {
      const queue = await listReports(admin.viewer, { status: "open" });
      expect(queue.open).toBe(queue.total);
      expect(await countOpenReports(admin.viewer)).toBe(queue.open);
      const conversationReport = queue.reports.find(
        (r) => r.target === "conversation" && r.reporter?.id === guest.id,
      );
      expect(conversationReport).toMatchObject({
        reason: "scam",
        details: "Odd.",
        system: false,
        reporter: { name: "Kofi Guest", email: guest.email },
        reportedUser: { id: host.id, name: "Ama Host", role: "agent" },
        conversation: {
          listing: { id: listingId, title: "Osu Apartment" },
          guest: { name: "Kofi Guest" },
          host: { name: "Ama Host" },
          lastMessages: [
            expect.objectContaining({ body: "Is the flat still free in March?" }),
            expect.objectContaining({ body: "Yes. Come and see it on Saturday." }),
          ],
        },
      });
      const reviewReport = queue.reports.find((r) => r.target === "review");
      expect(reviewReport?.review).toMatchObject({
        rating: 2,
        body: "Lovely stay, the host was kind.",
        hidden: false,
        listing: { title: "Osu Apartment" },
        authorName: "Kofi Guest",
      });
      const messageReport = queue.reports.find((r) => r.target === "message");
      expect(messageReport?.message).toMatchObject({ body: "Yes. Come and see it on Saturday." });

      expect(await refusedUnchanged(() => listReports(host.viewer))).toMatchObject({
        code: "FORBIDDEN",
      });
    });

    it("closes a report with a note, audited; a closed one stays closed", async () => {
      const open = (await listReports(admin.viewer, { status: "open" })).reports.find(
        (r) => r.target === "user",
      );
      expect(
        await refusedUnchanged(() =>
          resolveReport(host.viewer, { reportId: open!.id, status: "resolved" }),
        ),
      ).toMatchObject({ code: "FORBIDDEN" });
      expect(
        await refusedUnchanged(() =>
          resolveReport(admin.viewer, { reportId: open!.id, status: "archived" }),
        ),
      ).toMatchObject({
        code: "VALIDATION_FAILED",
        fields: { status: "safety.errors.statusRequired" },
      });

      const closed = await resolveReport(admin.viewer, {
        reportId: open!.id,
        status: "resolved",
        note: "Warned the agent.",
      });
      expect(closed).toMatchObject({
        status: "resolved",
        resolution: { by: admin.name, note: "Warned the agent." },
      });
      const [entry] = await app.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "report.resolve"), eq(auditLog.targetId, String(open!.id))));
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        targetType: "report",
        detail: expect.objectContaining({ status: "resolved", note: "Warned the agent." }),
      });

      expect(
        await refusedUnchanged(() =>
          resolveReport(admin.viewer, { reportId: open!.id, status: "dismissed" }),
        ),
      ).toMatchObject({ code: "CONFLICT", message: "safety.errors.alreadyClosed" });
      expect(
        await refusedUnchanged(() =>
          resolveReport(admin.viewer, { reportId: 999_999, status: "dismissed" }),
        ),
      ).toMatchObject({ code: "NOT_FOUND", message: "safety.errors.reportNotFound" });

      const resolvedList = await listReports(admin.viewer, { status: "resolved" });
      expect(resolvedList.reports.map((r) => r.id)).toContain(open!.id);
      // `all` lists the open ones first.
      const all = await listReports(admin.viewer, { status: "all" });
      const firstClosed = all.reports.findIndex((r) => r.status !== "open");
      expect(all.reports.slice(firstClosed).every((r) => r.status !== "open")).toBe(true);
    });

    it("hides a reported review and resolves its report in one step", async () => {
      const reviewReport = (await listReports(admin.viewer, { status: "open" })).reports.find(
        (r) => r.target === "review",
      )!;
      const conversationReport = (await listReports(admin.viewer)).reports.find(
        (r) => r.target === "conversation",
      )!;
      expect(
        await refusedUnchanged(() =>
          hideReportedReview(admin.viewer, { reportId: conversationReport.id, reason: "No." }),
        ),
      ).toMatchObject({ message: "safety.errors.notAReviewReport" });
      const done = await hideReportedReview(admin.viewer, {
        reportId: reviewReport.id,
        reason: "Insults the host.",
      });
      expect(done).toMatchObject({
        status: "resolved",
        resolution: { note: "Insults the host." },
        review: { hidden: true, hiddenReason: "Insults the host." },
      });
    });

    it("reports and closes through the pages: the dialog's route and the Reports tab", async () => {
      const back = `/dashboard/inbox/${conversationId}`;
      const visitor = await app.action(reportsRoute, "/reports", {
        target: "user",
        userId: host.id,
        reason: "scam",
        redirectTo: back,
      });
      expect(location(visitor)).toBe(back);
      expect(toastOf(visitor)).toMatchObject({ title: "auth.toasts.authRequired" });

      const sent = await app.action(
        reportsRoute,
        "/reports",
        {
          target: "user",
          userId: host.id,
          reason: "scam",
          details: "Asked for cash",
          redirectTo: back,
        },
        guest.jar,
      );
      expect(location(sent)).toBe(back);
      expect(toastOf(sent)).toMatchObject({ title: "safety.toasts.reported" });
      const again = await app.action(
        reportsRoute,
        "/reports",
        { target: "user", userId: host.id, reason: "scam", redirectTo: back },
        guest.jar,
      );
      expect(toastOf(again)).toMatchObject({
        title: "safety.toasts.reportRefused",
        description: "safety.errors.alreadyReported",
      });

      const filed = (await listReports(admin.viewer)).reports.find(
        (r) => r.target === "user" && r.reporter?.id === guest.id,
      )!;
      const dismissed = await app.action(
        reportsPage,
        "/dashboard/reports?status=all",
        { intent: "dismiss", reportId: String(filed.id), note: "Nothing wrong." },
        admin.jar,
      );
      expect(location(dismissed)).toBe("/dashboard/reports?status=all");
      expect(toastOf(dismissed)).toMatchObject({
        title: "safety.toasts.dismissed",
        params: { id: filed.id },
      });
      const [row] = await app.handle.db.select().from(reports).where(eq(reports.id, filed.id));
      expect(row).toMatchObject({ status: "dismissed", resolutionNote: "Nothing wrong." });
    });

    it("files, lists and closes through the API", async () => {
      const created = await send("/api/v1/reports", {
        jar: stranger.jar,
        json: { target: "user", userId: guest.id, reason: "spam" },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const refused = await send("/api/v1/reports", {
        jar: stranger.jar,
        json: { target: "conversation", conversationId, reason: "spam" },
      });
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.message).toBe(
        "This conversation does not exist, or you are not part of it.",
      );
      const listed = await send("/api/v1/admin/reports?status=open", { jar: admin.jar });
      expect((await listed.json()).reports.map((r: { id: number }) => r.id)).toContain(id);
      expect((await send("/api/v1/admin/reports", { jar: stranger.jar })).status).toBe(403);
      const closed = await send(`/api/v1/admin/reports/${id}/resolve`, {
        jar: admin.jar,
        json: { status: "dismissed", note: "Spam filter" },
      });
      expect(closed.status).toBe(200);
      expect(await closed.json()).toMatchObject({ id, status: "dismissed" });
    });
  });

  describe("flagged payment messages", () => {
    it("files the system's report with the rule's reasons in the message's transaction", async () => {
      const body = "Pay me directly by Western Union, or here: paypal.me/amahost";
      const reasons = paymentRuleReasons(body);
      expect(reasons).toEqual(["payment_link", "money_transfer", "direct_payment"]);
      const messageId = await app.handle.db.transaction(async (tx) => {
        const [message] = await tx
          .insert(messages)
          .values({ conversationId, senderId: host.id, body, flagged: true })
          .returning({ id: messages.id });
        await fileFlaggedMessageReport(tx, {
          conversationId,
          messageId: message!.id,
          senderId: host.id,
          reasons,
        });
        return message!.id;
      });
      const report = (await listReports(admin.viewer)).reports.find(
        (r) => r.message?.id === messageId,
      );
      expect(report).toMatchObject({
        target: "message",
        reason: "off_platform_payment",
        system: true,
        reporter: null,
        details: "",
        ruleReasons: ["payment_link", "money_transfer", "direct_payment"],
        reportedUser: { id: host.id },
        message: { body, flagged: true },
        conversation: { id: conversationId },
      });
    });
  });

  describe("notification setting", () => {
    it("saves the new-message e-mails switch, and refuses anything but yes or no", async () => {
      expect(await getNotificationSettings(guest.viewer)).toEqual({ messageEmails: true });
      expect(await updateNotificationSettings(guest.viewer, { messageEmails: false })).toEqual({
        messageEmails: false,
      });
      expect(
        await refusedUnchanged(() =>
          updateNotificationSettings(guest.viewer, { messageEmails: "maybe" }),
        ),
      ).toMatchObject({ code: "VALIDATION_FAILED", message: "safety.errors.settingsInvalid" });
      const [row] = await app.handle.db
        .select({ messageEmails: user.messageEmails })
        .from(user)
        .where(eq(user.id, guest.id));
      expect(row).toEqual({ messageEmails: false });
    });

    it("saves it from the profile's Notifications card with a toast", async () => {
      const on = await app.action(
        profilePage,
        "/dashboard/profile",
        { intent: "save-notifications", messageEmails: "on" },
        guest.jar,
      );
      expect(location(on)).toBe("/dashboard/profile");
      expect(toastOf(on)).toMatchObject({ title: "safety.toasts.notificationsOn" });
      expect(await getNotificationSettings(guest.viewer)).toEqual({ messageEmails: true });
      // An unticked box is not sent at all.
      const off = await app.action(
        profilePage,
        "/dashboard/profile",
        { intent: "save-notifications" },
        guest.jar,
      );
      expect(toastOf(off)).toMatchObject({
        description: "safety.toasts.notificationsOffDescription",
      });
      expect(await getNotificationSettings(guest.viewer)).toEqual({ messageEmails: false });
    });

    it("reads and saves it through the API", async () => {
      const put = await send("/api/v1/me/notification-settings", {
        method: "PUT",
        jar: host.jar,
        json: { messageEmails: false },
      });
      expect(await put.json()).toEqual({ messageEmails: false });
      const bad = await send("/api/v1/me/notification-settings", {
        method: "PUT",
        jar: host.jar,
        json: { messageEmails: "no" },
      });
      expect(bad.status).toBe(400);
      const got = await send("/api/v1/me/notification-settings", { jar: host.jar });
      expect(await got.json()).toEqual({ messageEmails: false });
    });
  });
});
