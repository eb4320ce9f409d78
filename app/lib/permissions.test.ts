import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./listing-values.ts";
import {
  ACTIONS,
  can,
  canOpenTab,
  DASHBOARD_TABS,
  publishableCategories,
  TAB_BAR,
  type Action,
} from "./permissions.ts";
import { ROLES, type Role } from "./roles.ts";

const as = (role: Role | null, id = `id-${role}`) => ({ id, role });

describe("the permission table", () => {
  it("allows each role exactly the actions of the spec (without a resource)", () => {
    const allowed = Object.fromEntries(
      ROLES.map((role) => [role, ACTIONS.filter((action) => can(as(role), action))]),
    );
    const signedIn: Action[] = [
      "favorite:toggle",
      "booking:create",
      "booking:list-own",
      "conversation:start",
      "conversation:list-own",
      "quote:request",
      "quote:answer",
      "job:manage",
      "dashboard:open",
      "payment:list-own",
      "payment:pay",
    ];
    const publisher: Action[] = [
      "listing:create",
      "listing:offer-add",
      "listing:upload-image",
      "listing:list-own",
      "favorite:toggle",
      "booking:create",
      "booking:list-own",
      "booking:list-hosted",
      "conversation:start",
      "conversation:list-own",
      "quote:request",
      "quote:answer",
      "job:manage",
      "dashboard:open",
      "analytics:view",
      "premium:view-plans",
      "premium:choose-plan",
      "payment:list-own",
      "payment:pay",
      "payout:view-own",
      "block:manage",
      "report:file",
      "account:change-type",
    ];
    expect(allowed).toEqual({
      user: [...signedIn, "block:manage", "report:file", "account:change-type", "review:write"],
      agent: [
        ...publisher,
        "review:write",
        "review:dashboard",
        "public-page:edit",
        "public-page:website",
        "public-page:branding",
      ],
      professional: [
        ...publisher,
        "review:write",
        "review:dashboard",
        "public-page:edit",
        "public-page:website",
        "public-page:branding",
      ],
      // Replying to a review is the reviewed lister's alone, the administrator's included; so is
      // quoting on a service (the administrator's own services included, see the next tests).
      // Featured ads out of a plan are publishers' own: the administrator features any listing.
      admin: ACTIONS.filter(
        (a) =>
          a !== "listing:offer-add" &&
          a !== "account:change-type" &&
          a !== "review:reply" &&
          a !== "quote:send" &&
          a !== "listing:feature-own" &&
          // The administrator has no public page.
          !a.startsWith("public-page:"),
      ),
    });
  });

  it("refuses a visitor every action", () => {
    expect(ACTIONS.filter((action) => can(null, action))).toEqual([]);
  });

  it("treats a signed-in person without a role as a regular user", () => {
    for (const action of ACTIONS) expect(can(as(null), action)).toBe(can(as("user"), action));
  });

  it("lets owners edit their own listings while they publish, and only the admin anyone's", () => {
    const own = (role: Role) => can(as(role, "a"), "listing:edit", { ownerId: "a" });
    const other = (role: Role) => can(as(role, "a"), "listing:edit", { ownerId: "b" });
    expect(ROLES.filter(own)).toEqual(["agent", "professional", "admin"]);
    expect(ROLES.filter(other)).toEqual(["admin"]);
  });

  it("lets any owner delete or see their own hidden listing, and the admin anyone's", () => {
    for (const action of ["listing:delete", "listing:view-unpublished"] as const) {
      expect(ROLES.filter((role) => can(as(role, "a"), action, { ownerId: "a" }))).toEqual([
        ...ROLES,
      ]);
      expect(ROLES.filter((role) => can(as(role, "a"), action, { ownerId: "b" }))).toEqual([
        "admin",
      ]);
      expect(can(null, action, { ownerId: "a" })).toBe(false);
    }
  });

  it("lets a listing's owner run its bookings while they publish, and the admin anyone's", () => {
    const own = (role: Role) => can(as(role, "a"), "booking:manage-listing", { ownerId: "a" });
    const other = (role: Role) => can(as(role, "a"), "booking:manage-listing", { ownerId: "b" });
    expect(ROLES.filter(own)).toEqual(["agent", "professional", "admin"]);
    expect(ROLES.filter(other)).toEqual(["admin"]);
    expect(ROLES.filter((role) => can(as(role), "booking:cancel-any"))).toEqual(["admin"]);
  });

  it("lets only a service's own professional (or the admin, for their own) send quotes", () => {
    const own = (role: Role) => can(as(role, "a"), "quote:send", { ownerId: "a" });
    const other = (role: Role) => can(as(role, "a"), "quote:send", { ownerId: "b" });
    expect(ROLES.filter(own)).toEqual(["professional", "admin"]);
    expect(ROLES.filter(other)).toEqual([]);
  });

  it("never takes a missing id for ownership", () => {
    expect(can({ role: "agent" }, "listing:edit", { ownerId: undefined })).toBe(false);
  });

  it("lets professionals publish only services, agents the rest, and the admin any", () => {
    expect(publishableCategories(as("professional"))).toEqual(["professionals"]);
    expect(publishableCategories(as("agent"))).toEqual(
      CATEGORIES.filter((c) => c !== "professionals"),
    );
    expect(publishableCategories(as("admin"))).toEqual([...CATEGORIES]);
    expect(publishableCategories(as("user"))).toEqual([]);
    expect(publishableCategories(null)).toEqual([]);
  });
});

describe("dashboard permissions", () => {
  it("matches the spec's table for every role and tab", () => {
    const open = Object.fromEntries(
      ROLES.map((role) => [role, DASHBOARD_TABS.filter((tab) => canOpenTab(as(role), tab))]),
    );
    // Everyone has an inbox: Messages, an agent's Inquiries, a professional's Client Inquiries.
    expect(open).toEqual({
      user: ["overview", "my-listings", "bookings", "inbox", "payments", "profile"],
      agent: [
        "overview",
        "my-listings",
        "bookings",
        "inbox",
        "payments",
        "analytics",
        "premium-plans",
        "reviews",
        "public-page",
        "profile",
      ],
      professional: [
        "overview",
        "my-listings",
        "bookings",
        "inbox",
        "payments",
        "analytics",
        "premium-plans",
        "reviews",
        "public-page",
        "profile",
      ],
      // The administrator has no public page.
      admin: DASHBOARD_TABS.filter((tab) => tab !== "public-page"),
    });
  });

  it("treats a missing role as a regular user and refuses visitors", () => {
    expect(canOpenTab(as(null), "overview")).toBe(true);
    expect(canOpenTab(as(null), "analytics")).toBe(false);
    expect(canOpenTab(null, "overview")).toBe(false);
  });

  it("only puts tabs a role may open in its tab bar", () => {
    for (const role of ROLES) {
      for (const { tab } of TAB_BAR[role]) expect(canOpenTab(as(role), tab)).toBe(true);
    }
  });
});
