import { describe, expect, it } from "vitest";
import { afterSignIn } from "./auth-dialog-url.ts";

describe("afterSignIn", () => {
  it("brings a visitor back to the message or quote form they were filling", () => {
    expect(afterSignIn("/listing/12/message?auth=login", true)).toBe("/listing/12/message");
    expect(afterSignIn("/listing/12/quote", true)).toBe("/listing/12/quote");
  });

  it("sends everyone else to the dashboard, and a person without a role to choose one", () => {
    expect(afterSignIn("/listing/12", true)).toBe("/dashboard/overview");
    expect(afterSignIn("/", true)).toBe("/dashboard/overview");
    expect(afterSignIn("/listing/12/message/../../evil", true)).toBe("/dashboard/overview");
    expect(afterSignIn("/listing/12/message", false)).toBe("/role-selection");
  });
});
