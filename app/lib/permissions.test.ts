import { describe, expect, it } from "vitest";
import { canOpenTab, DASHBOARD_TABS, TAB_BAR } from "./permissions.ts";
import { ROLES } from "./roles.ts";

describe("dashboard permissions", () => {
  it("matches the spec's table for every role and tab", () => {
    const open = Object.fromEntries(
      ROLES.map((role) => [role, DASHBOARD_TABS.filter((tab) => canOpenTab(role, tab))]),
    );
    expect(open).toEqual({
      user: ["overview", "my-listings", "bookings", "profile"],
      agent: ["overview", "my-listings", "bookings", "analytics", "premium-plans", "profile"],
      professional: [
        "overview",
        "my-listings",
        "bookings",
        "analytics",
        "premium-plans",
        "profile",
      ],
      admin: [...DASHBOARD_TABS],
    });
  });

  it("treats a missing role as a regular user", () => {
    expect(canOpenTab(null, "overview")).toBe(true);
    expect(canOpenTab(null, "analytics")).toBe(false);
  });

  it("only puts tabs a role may open in its tab bar", () => {
    for (const role of ROLES) {
      for (const { tab } of TAB_BAR[role]) expect(canOpenTab(role, tab)).toBe(true);
    }
  });
});
