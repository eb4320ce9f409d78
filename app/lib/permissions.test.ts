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
      "verification:view-own",
      "verification:phone",
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
      "support:chat",
      "lead:list-own",
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
      "verification:view-own",
      "verification:phone",
      "block:manage",
      "report:file",
      "listing:report",
      "account:change-type",
    ];
    const verifying: Action[] = ["verification:submit", "verification:submit-business"];
    expect(allowed).toEqual({
      user: [
        ...signedIn,
        "block:manage",
        "report:file",
        "listing:report",
        "account:change-type",
        "review:write",
        "verification:submit",
      ],
      agent: [
        ...publisher,
        "review:write",
        "review:dashboard",
        "public-page:edit",
        "public-page:website",
        "public-page:branding",
        "team:view",
        "team:create",
        "team:join",
        "team:leave",
        "boost:list-own",
        ...verifying,
      ],
      professional: [
        ...publisher,
        "review:write",
        "review:dashboard",
        "public-page:edit",
        "public-page:website",
        "public-page:branding",
        "boost:list-own",
        ...verifying,
      ],
      // Replying to a review is the reviewed lister's alone, the administrator's included; so is
      // quoting on a service (the administrator's own services included, see the next tests).
      // Featured ads out of a plan are publishers' own: the administrator features any listing.
      // The team answers support chats rather than opening one with itself, and works the Boost
      // queue rather than asking for a boost of its own.
      admin: ACTIONS.filter(
        (a) =>
          a !== "support:chat" &&
          a !== "boost:request" &&
          a !== "listing:offer-add" &&
          a !== "account:change-type" &&
          a !== "review:reply" &&
          a !== "quote:send" &&
          a !== "listing:feature-own" &&
          // Agencies are teams of agents: the administrator runs none and answers for none.
          a !== "conversation:answer-team" &&
          a !== "lead:list-team" &&
          !a.startsWith("team:") &&
          // The administrator has no public page, nor a business to verify.
          !a.startsWith("public-page:") &&
          a !== "verification:submit-business",
      ),
    });
  });

  it("lets only the administrator suspend, ban and lift (issue 28)", () => {
    expect(ROLES.filter((role) => can(as(role), "user:suspend"))).toEqual(["admin"]);
    // Owning nothing changes it: a person cannot lift their own suspension.
    expect(can(as("agent", "me"), "user:suspend", { ownerId: "me" })).toBe(false);
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
        "team",
        "support",
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
        "support",
        "public-page",
        "profile",
      ],
      // The administrator has no public page, team or support chat of its own.
      admin: DASHBOARD_TABS.filter(
        (tab) => tab !== "team" && tab !== "support" && tab !== "public-page",
      ),
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

describe("scam signals", () => {
  it("are read and dismissed by the administrator alone", () => {
    for (const action of ["signal:view", "signal:dismiss"] as const) {
      expect(ROLES.filter((role) => can(as(role), action))).toEqual(["admin"]);
      expect(can(null, action)).toBe(false);
    }
  });
});

describe("identity documents", () => {
  it("are opened, reviewed and their licence kinds edited by the administrator alone", () => {
    for (const action of [
      "verification-document:view",
      "verification:review",
      "licence-kind:edit",
    ] as const) {
      expect(ROLES.filter((role) => can(as(role), action))).toEqual(["admin"]);
      expect(can(null, action)).toBe(false);
    }
  });

  it("are sent by anyone signed in, the business step by agents and professionals", () => {
    expect(ROLES.filter((role) => can(as(role), "verification:submit"))).toEqual([...ROLES]);
    expect(ROLES.filter((role) => can(as(role), "verification:submit-business"))).toEqual([
      "agent",
      "professional",
    ]);
    expect(can(null, "verification:view-own")).toBe(false);
  });
});

describe("team rules", () => {
  const owner = { id: "owner", role: "agent" as const };
  const member = { id: "member", role: "agent" as const };
  const stranger = { id: "stranger", role: "agent" as const };
  const listing = { ownerId: "member", agencyOwnerId: "owner" };

  it("gives the running agency's owner the listing's rights, and nobody else beyond its owner", () => {
    for (const action of [
      "listing:edit",
      "listing:delete",
      "listing:view-unpublished",
      "booking:manage-listing",
    ] as const) {
      expect(can(owner, action, listing), action).toBe(true);
      expect(can(member, action, listing), action).toBe(true);
      expect(can(stranger, action, listing), action).toBe(false);
      // A paused team: the teams service leaves agencyOwnerId out, and the owner loses the right.
      expect(can(owner, action, { ownerId: "member" }), action).toBe(false);
    }
    expect(can(owner, "conversation:answer-team", listing)).toBe(true);
    expect(can(member, "conversation:answer-team", listing)).toBe(false);
  });

  it("adds the team's records to the owner's lists only while the team runs, and to nobody else's", () => {
    // A list asks with the team as the resource: the running agency's owner is its agencyOwnerId.
    const team = { agencyOwnerId: "owner" };
    for (const action of [
      "conversation:answer-team",
      "booking:manage-listing",
      "lead:list-team",
    ] as const) {
      expect(can(owner, action, team), action).toBe(true);
      expect(can(member, action, team), action).toBe(false);
      expect(can(stranger, action, team), action).toBe(false);
      expect(can({ id: "owner", role: "user" }, action, team), action).toBe(false);
      expect(can(owner, action, {}), action).toBe(false);
    }
  });

  it("lets only the agency's owner manage it", () => {
    expect(can(owner, "team:manage", { ownerId: "owner" })).toBe(true);
    expect(can(member, "team:manage", { ownerId: "owner" })).toBe(false);
    expect(can({ id: "owner", role: "user" }, "team:manage", { ownerId: "owner" })).toBe(false);
  });
});
