import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, listings, reports, user } from "../../app/db/schema/index.ts";
import { LISTING_REPORT_REASONS } from "../../app/lib/report-reasons.ts";
import { listingReportSchema } from "../../app/lib/schemas/safety.ts";
import { NEW_ACCOUNT_DAYS } from "../../app/lib/signal-values.ts";
import {
  getPlatformSettings,
  updatePlatformSettings,
} from "../../app/services/content/settings.server.ts";
import { moderateListing } from "../../app/services/listings/moderation.server.ts";
import { listReports } from "../../app/services/safety/report-queue.server.ts";
import {
  dismissListingReports,
  takeDownListing,
} from "../../app/services/safety/listing-reports.server.ts";
import { fileListingReport, fileReport } from "../../app/services/safety/reports.server.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { refusalOf } from "../support/refusal.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

/**
 * Reporting a listing (issue 28, point 4): the reasons, one open report per person and listing,
 * never one's own; open reports from distinct people weighed (a new or unverified account counts
 * half) against the administrator's threshold, which hides the listing pending review and tells
 * its owner; and the Reports queue's decisions: dismiss (public again) or take down (rejected),
 * each audited.
 */
describe(`listing reports on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let owner: MadeUser;
  let admin: MadeUser;
  /** Verified accounts older than NEW_ACCOUNT_DAYS: each weighs 1. */
  const established: MadeUser[] = [];
  /** New (unverified) accounts: each weighs half. */
  const fresh: MadeUser[] = [];
  /** An old account whose identity is not verified: half too. */
  let unverified: MadeUser;

  async function ageAndVerify(person: MadeUser, verified: boolean) {
    const day = 24 * 60 * 60 * 1000;
    await app.handle.db
      .update(user)
      .set({
        createdAt: new Date(Date.now() - (NEW_ACCOUNT_DAYS + 30) * day),
        identityVerifiedUntil: verified ? new Date(Date.now() + 365 * day) : null,
      })
      .where(eq(user.id, person.id));
  }

  async function statusOf(listingId: number) {
    const [row] = await app.handle.db
      .select({
        status: listings.status,
        hiddenAt: listings.reportHiddenAt,
        reason: listings.rejectionReason,
      })
      .from(listings)
      .where(eq(listings.id, listingId));
    return row!;
  }

  async function setThreshold(threshold: number) {
    const s = await getPlatformSettings();
    await updatePlatformSettings({
      actor: admin.viewer,
      input: {
        siteName: s.siteName,
        tagline: s.tagline,
        supportEmail: s.supportEmail,
        supportPhone: s.supportPhone,
        notificationEmail: s.notificationEmail,
        requireManualApproval: s.requireManualApproval,
        reportHideThreshold: threshold,
      },
    });
  }

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    owner = await makeUser({ role: "agent", name: "Owner Ama" });
    admin = await makeUser({ role: "admin" });
    for (let i = 0; i < 3; i++) {
      const person = await makeUser({ role: "user" });
      await ageAndVerify(person, true);
      established.push(person);
    }
    for (let i = 0; i < 4; i++) fresh.push(await makeUser({ role: "user" }));
    unverified = await makeUser({ role: "user" });
    await ageAndVerify(unverified, false);
  });
  afterAll(async () => {
    await app.close();
  });

  it("takes the six reasons, and needs words for 'other'", () => {
    for (const reason of LISTING_REPORT_REASONS) {
      const details = reason === "other" ? "The photos are of another house." : "";
      expect(listingReportSchema.safeParse({ reason, details }).success, reason).toBe(true);
    }
    const other = listingReportSchema.safeParse({ reason: "other", details: "  " });
    expect(other.error?.issues[0]).toMatchObject({
      path: ["details"],
      message: "safety.errors.otherNeedsDetails",
    });
    expect(listingReportSchema.safeParse({ reason: "harassment" }).success).toBe(false);
  });

  it("refuses one's own listing, a second open report, a hidden listing and a visitor, changing nothing", async () => {
    const listing = await makeListing({ owner });
    const refusedUnchanged = async (call: () => Promise<unknown>) => {
      const before = await databaseSnapshot(app.handle.db);
      const refusal = await refusalOf(call());
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      return refusal;
    };
    expect(
      await refusedUnchanged(() =>
        fileListingReport(owner.viewer, { listingId: listing.id, reason: "scam" }),
      ),
    ).toMatchObject({ code: "VALIDATION_FAILED", message: "safety.errors.ownListing" });
    expect(
      await refusedUnchanged(() =>
        fileListingReport(fresh[0]!.viewer, { listingId: listing.id, reason: "other" }),
      ),
    ).toMatchObject({ fields: { details: "safety.errors.otherNeedsDetails" } });
    expect(
      await refusedUnchanged(() =>
        fileListingReport(null, { listingId: listing.id, reason: "scam" }),
      ),
    ).toMatchObject({ code: "UNAUTHENTICATED" });
    const pending = await makeListing({ owner, status: "pending_approval" });
    expect(
      await refusedUnchanged(() =>
        fileListingReport(fresh[0]!.viewer, { listingId: pending.id, reason: "scam" }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", message: "safety.errors.listingNotFound" });

    const filed = await fileListingReport(fresh[0]!.viewer, {
      listingId: listing.id,
      reason: "duplicate",
    });
    expect(filed).toMatchObject({ target: "listing", reason: "duplicate", status: "open" });
    expect(
      await refusedUnchanged(() =>
        fileReport(fresh[0]!.viewer, { target: "listing", listingId: listing.id, reason: "taken" }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: "safety.errors.alreadyReported" });
    // The other reasons of conversations are not a listing's.
    expect(
      (
        await refusalOf(
          fileReport(fresh[1]!.viewer, {
            target: "listing",
            listingId: listing.id,
            reason: "harassment",
          }),
        )
      ).code,
    ).toBe("VALIDATION_FAILED");
  });

  let hiddenId: number;
  let hiddenTitle: string;

  it("hides the listing when distinct people's weighted reports reach the threshold, and tells the owner", async () => {
    hiddenTitle = "Sunny flat in Osu";
    const listing = await makeListing({ owner, title: hiddenTitle });
    hiddenId = listing.id;
    expect((await getPlatformSettings()).reportHideThreshold).toBe(3);
    // Four new accounts and an old unverified one weigh 0.5 each: 2.5, short of 3.
    const reasons = ["scam", "wrong_details", "scam", "taken"] as const;
    for (const [i, reason] of reasons.entries()) {
      await fileListingReport(fresh[i]!.viewer, { listingId: hiddenId, reason });
    }
    await fileListingReport(unverified.viewer, {
      listingId: hiddenId,
      reason: "other",
      details: "Asked me for a deposit by WhatsApp.",
    });
    expect(await statusOf(hiddenId)).toMatchObject({ status: "approved", hiddenAt: null });
    expect(app.sink.to(owner.email).filter((m) => m.subject.includes(hiddenTitle))).toEqual([]);

    // One established, verified account weighs 1: 3.5 reaches the threshold.
    await fileListingReport(established[0]!.viewer, { listingId: hiddenId, reason: "scam" });
    const hidden = await statusOf(hiddenId);
    expect(hidden.status).toBe("pending_approval");
    expect(hidden.hiddenAt).toBeInstanceOf(Date);

    const mail = await waitForMail(app, owner.email);
    expect(mail.subject).toBe(`Your listing is hidden while we review reports: ${hiddenTitle}`);
    for (const reason of [
      "Scam or fraud",
      "Wrong price or details",
      "Already taken",
      "Something",
    ]) {
      expect(mail.body).toContain(reason);
    }
    // The owner is told what, never who.
    for (const person of [...fresh, unverified, established[0]!]) {
      expect(mail.body).not.toContain(person.email);
    }
  });

  it("shows the hidden listing to its owner and the administrator only, with the reasons on My Listings", async () => {
    const visitor = await send(`/listing/${hiddenId}`);
    expect(visitor.status).toBe(404);
    expect((await send(`/listing/${hiddenId}`, { jar: fresh[0]!.jar })).status).toBe(404);
    expect((await send(`/api/v1/listings/${hiddenId}`)).status).toBe(404);
    const search = await send(`/api/v1/listings?q=${encodeURIComponent("Sunny flat Osu")}`);
    const found = (await search.json()) as { listings: { id: number }[] };
    expect(found.listings.map((l) => l.id)).not.toContain(hiddenId);
    expect((await send(`/listing/${hiddenId}/report`)).status).toBe(404);

    expect((await send(`/listing/${hiddenId}`, { jar: owner.jar })).status).toBe(200);
    expect((await send(`/listing/${hiddenId}`, { jar: admin.jar })).status).toBe(200);
    const mine = (await (await send("/api/v1/my-listings", { jar: owner.jar })).json()) as {
      listings: { id: number; hiddenByReports: string[] | null }[];
    };
    expect(mine.listings.find((l) => l.id === hiddenId)?.hiddenByReports).toEqual([
      "other",
      "scam",
      "taken",
      "wrong_details",
    ]);
  });

  it("gives the administrator the listing with its weight and history in the Reports queue", async () => {
    const page = await listReports(admin.viewer);
    const ofListing = page.reports.filter((r) => r.listing?.id === hiddenId);
    expect(ofListing).toHaveLength(6);
    const context = ofListing[0]!.listing!;
    expect(context).toMatchObject({
      title: hiddenTitle,
      status: "pending_approval",
      owner: { id: owner.id },
      openWeight: 3.5,
      threshold: 3,
    });
    expect(context.hiddenByReportsAt).not.toBeNull();
    expect(context.reports.map((r) => r.weight).sort()).toEqual([0.5, 0.5, 0.5, 0.5, 0.5, 1]);
    expect(ofListing[0]!.reportedUser).toMatchObject({ id: owner.id });
  });

  it("lets only the administrator dismiss the reports, which puts the listing back and is audited", async () => {
    const refused = await send(`/api/v1/admin/listings/${hiddenId}/reports/dismiss`, {
      json: {},
      jar: owner.jar,
    });
    expect(refused.status).toBe(403);

    const answer = await send(`/api/v1/admin/listings/${hiddenId}/reports/dismiss`, {
      json: { note: "Checked with the owner: the flat exists." },
      jar: admin.jar,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      listingId: hiddenId,
      status: "approved",
      closed: 6,
      restored: true,
    });
    expect(await statusOf(hiddenId)).toMatchObject({ status: "approved", hiddenAt: null });
    expect((await send(`/listing/${hiddenId}`)).status).toBe(200);
    const open = await app.handle.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.listingId, hiddenId), eq(reports.status, "open")));
    expect(open).toEqual([]);
    const [entry] = await app.handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "listing.reports_dismiss"),
          eq(auditLog.targetId, String(hiddenId)),
        ),
      );
    expect(entry).toMatchObject({
      actorId: admin.id,
      detail: { restored: true, note: "Checked with the owner: the flat exists." },
    });
    const restored = await waitForMail(app, owner.email, 2);
    expect(restored.subject).toBe(`Your listing is back on the site: ${hiddenTitle}`);

    // Nothing open any more: a second dismissal is refused.
    expect(
      await refusalOf(dismissListingReports(admin.viewer, { listingId: hiddenId })),
    ).toMatchObject({ code: "CONFLICT", message: "safety.errors.noOpenListingReports" });
    // Its history now carries the decision; a report afterwards starts a new count.
    await fileListingReport(fresh[0]!.viewer, { listingId: hiddenId, reason: "scam" });
    const again = (await listReports(admin.viewer)).reports.find((r) => r.listing?.id === hiddenId);
    expect(again?.listing?.openWeight).toBe(0.5);
    expect(again?.listing?.audit.map((a) => a.action)).toContain("listing.reports_dismiss");
    expect(await statusOf(hiddenId)).toMatchObject({ status: "approved" });
  });

  it("follows the threshold the administrator sets", async () => {
    await setThreshold(1);
    try {
      const listing = await makeListing({ owner });
      await fileListingReport(fresh[1]!.viewer, { listingId: listing.id, reason: "offensive" });
      expect((await statusOf(listing.id)).status).toBe("approved");
      await fileListingReport(fresh[2]!.viewer, { listingId: listing.id, reason: "offensive" });
      expect((await statusOf(listing.id)).status).toBe("pending_approval");
      // Approving it from Moderation also ends the hiding.
      await moderateListing({ actor: admin.viewer, listingId: listing.id, decision: "approved" });
      expect(await statusOf(listing.id)).toMatchObject({ status: "approved", hiddenAt: null });
    } finally {
      await setThreshold(3);
    }
    const [entry] = await app.handle.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.edit"));
    expect(entry?.detail).toMatchObject({ changed: { reportHideThreshold: { from: 3, to: 1 } } });
  });

  it("takes a reported listing down: rejected with the reason the owner reads, reports resolved, audited", async () => {
    const listing = await makeListing({ owner, title: "Villa that does not exist" });
    const filed = await send(`/api/v1/listings/${listing.id}/reports`, {
      json: { reason: "scam", details: "No such address." },
      jar: established[1]!.jar,
    });
    expect(filed.status).toBe(201);
    expect(
      (
        await send(`/api/v1/listings/${listing.id}/reports`, {
          json: { reason: "scam" },
          jar: established[1]!.jar,
        })
      ).status,
    ).toBe(409);
    expect(
      await refusalOf(takeDownListing(admin.viewer, { listingId: listing.id, reason: "  " })),
    ).toMatchObject({ code: "VALIDATION_FAILED", message: "safety.errors.takeDownReasonRequired" });
    expect(
      (
        await send(`/api/v1/admin/listings/${listing.id}/take-down`, {
          json: { reason: "Fake" },
          jar: established[1]!.jar,
        })
      ).status,
    ).toBe(403);

    // Through the Reports tab's form, as the administrator clicks it.
    const page = await send("/dashboard/reports", {
      form: {
        intent: "take-down",
        listingId: String(listing.id),
        reason: "The address does not exist; several people were asked for deposits.",
      },
      jar: admin.jar,
    });
    expect(page.status).toBe(302);
    expect(await statusOf(listing.id)).toMatchObject({
      status: "rejected",
      reason: "The address does not exist; several people were asked for deposits.",
    });
    const [report] = await app.handle.db
      .select({ status: reports.status, note: reports.resolutionNote })
      .from(reports)
      .where(eq(reports.listingId, listing.id));
    expect(report).toEqual({
      status: "resolved",
      note: "The address does not exist; several people were asked for deposits.",
    });
    const [entry] = await app.handle.db
      .select({ actorId: auditLog.actorId, detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "listing.take_down"), eq(auditLog.targetId, String(listing.id))),
      );
    expect(entry).toMatchObject({
      actorId: admin.id,
      detail: { title: "Villa that does not exist" },
    });
    const mails = app.sink.to(owner.email).filter((m) => m.subject.includes("Villa"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your listing was not approved: Villa that does not exist");
    expect(mails[0]!.body).toContain("The address does not exist");
    expect((await send(`/listing/${listing.id}`)).status).toBe(404);
    expect(
      await refusalOf(takeDownListing(admin.viewer, { listingId: listing.id, reason: "Again" })),
    ).toMatchObject({ code: "CONFLICT" });
  });

  it("files a report from the listing's report page, and sends a visitor to sign in", async () => {
    const listing = await makeListing({ owner });
    const path = `/listing/${listing.id}/report`;
    const form = await send(path, { jar: established[2]!.jar });
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain("Report this listing");
    expect(html).toContain("Wrong price or details");

    const visitor = await send(path, { form: { reason: "scam" } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`${path}?auth=login`);

    const missing = await send(path, { form: { reason: "other" }, jar: established[2]!.jar });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Say what is wrong when you choose");

    const sent = await send(path, {
      form: { reason: "wrong_details", details: "The price is per night, not per month." },
      jar: established[2]!.jar,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/listing/${listing.id}`);
    const [row] = await app.handle.db
      .select({ reason: reports.reason, reporterId: reports.reporterId })
      .from(reports)
      .where(eq(reports.listingId, listing.id));
    expect(row).toEqual({ reason: "wrong_details", reporterId: established[2]!.id });

    const ownPage = await (await send(path, { jar: owner.jar })).text();
    expect(ownPage).toContain("This is your own listing");
    const again = await (await send(path, { jar: established[2]!.jar })).text();
    expect(again).toContain("You already reported this listing");
  });
});
