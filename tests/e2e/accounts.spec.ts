import { expect, failedRequest, test } from "./support/test.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import {
  appLink,
  createConfirmedAccount,
  setGoogleIdentity,
  signedInAs,
  uniqueEmail,
  waitForMail,
} from "./support/accounts.ts";

test("sign up, confirm by e-mail, sign in, and be greeted on the dashboard", async ({ page }) => {
  const email = uniqueEmail("abena");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to Gateway Africa" });
  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await dialog.getByText("Agent/Partner").click();
  await dialog.getByLabel("Full Name").fill("Abena Owusu");
  await dialog.getByLabel("Email Address").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("secret12");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status")).toContainText("Registration Successful!");
  await expect(page.getByRole("status")).toContainText(
    "Please check your email to confirm your account before signing in.",
  );
  await expect(dialog.getByRole("tab", { name: "Sign In" })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  const mail = await waitForMail(email);
  await page.goto(appLink(mail));
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole("heading", { name: "Email Confirmed!" })).toBeVisible();
  await page.waitForURL("/", { timeout: 8000 });

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("status")).toContainText("Logged Out");

  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("secret12");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Abena Owusu!" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Welcome!");
  await expect(page.getByRole("banner").getByRole("link", { name: "Add Listing" })).toBeVisible();
});

test("a wrong password is refused with the sign-in error", async ({ page }) => {
  const email = uniqueEmail("wrong");
  await createConfirmedAccount(page.context().request, { email, name: "Kojo", role: "user" });
  await page.context().clearCookies();
  await page.goto("/?auth=login");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("status")).toContainText("Sign In Error");
  await expect(page.getByRole("status")).toContainText("Invalid email or password.");
  await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue(email);
});

test("forgot password → e-mail → reset → the new password works and the old one does not", async ({
  page,
  pageErrors,
}) => {
  // The mismatched confirmation is refused by the server with a 400.
  pageErrors.allow(failedRequest("/reset.data", 400));
  const email = uniqueEmail("reset");
  await createConfirmedAccount(page.context().request, {
    email,
    name: "Esi Mensah",
    role: "user",
    password: "old-secret",
  });
  await page.context().clearCookies();
  await gotoHydrated(page, "/?auth=login");
  const dialog = page.getByRole("dialog");
  // The dialog's own chunk replaces the server-rendered one just after hydration; a click in that
  // moment lands on the element being replaced, so it is repeated until the view changes.
  await expect(async () => {
    await dialog.getByRole("link", { name: "Forgot Password?" }).click({ timeout: 2000 });
    await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 15_000 });
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status")).toContainText("Password Reset Email Sent");

  const mail = await waitForMail(email, 2);
  await page.goto(appLink(mail));
  await expect(page).toHaveURL(/\/reset\?token=/);
  await page.getByLabel("New Password", { exact: true }).fill("new-secret");
  await page.getByLabel("Confirm New Password").fill("different");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status")).toContainText("Passwords do not match");
  await page.getByLabel("Confirm New Password").fill("new-secret");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status")).toContainText("Password Updated!");
  await page.waitForURL(/\/dashboard\/overview$/, { timeout: 8000 });
  await expect(page.getByRole("heading", { name: "Welcome back, Esi Mensah!" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page.getByRole("status")).toContainText("Logged Out");
  for (const [password, works] of [
    ["old-secret", false],
    ["new-secret", true],
  ] as const) {
    await page.goto("/?auth=login");
    await page.getByRole("dialog").getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("dialog").getByRole("button", { name: "Sign In" }).click();
    if (works) await expect(page).toHaveURL(/\/dashboard\/overview$/);
    else await expect(page.getByRole("status")).toContainText("Invalid email or password.");
  }
});

test("the administrator signs in with a magic link; other addresses are refused", async ({
  page,
}) => {
  await page.goto("/admin-login");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await page.getByLabel("Administrator email").fill("intruder@example.com");
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("status")).toContainText("Access Denied");
  await expect(page.getByRole("status")).toContainText(
    "This email address is not authorized for admin access.",
  );

  await page.getByLabel("Administrator email").fill(` ${E2E.adminEmail.toUpperCase()} `);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("status")).toContainText("Check Your Email");
  const mail = await waitForMail(E2E.adminEmail);
  await page.goto(appLink(mail));
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await expect(tabs.getByRole("link")).toHaveText([
    "Overview",
    "Analytics",
    "Moderation",
    "Manage Listings",
    "Boost queue",
    "Users",
    "Currency",
    "Settings",
    "Messages",
    "Conversations",
    "Support Chats",
    "Reports",
    "KYC",
    "Bookings",
    "Payments",
    "Audit Log",
    "My Profile",
  ]);
  await tabs.getByRole("link", { name: "Moderation" }).click();
  await expect(page.getByRole("heading", { name: "Listings pending approval" })).toBeVisible();
});

test("Google sign-in through the local stand-in → role selection → dashboard", async ({ page }) => {
  const email = uniqueEmail("google");
  await setGoogleIdentity({ sub: `g-${email}`, email, name: "Adwoa Sarpong" });
  await gotoHydrated(page, "/?auth=login");
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/role-selection$/, { timeout: 15_000 });
  const confirm = page.getByRole("button", { name: "Confirm and Continue" });
  await expect(confirm).toBeDisabled();
  await page.getByText("Service Professional").click();
  await confirm.click();
  await expect(page.getByRole("status")).toContainText("Role Updated");
  await page.waitForURL(/\/dashboard\/overview$/, { timeout: 8000 });
  await expect(page.getByRole("heading", { name: "Welcome back, Adwoa Sarpong!" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link"),
  ).toHaveText([
    "Overview",
    "My Services",
    "Client Inquiries",
    "Bookings",
    "Performance",
    "Reviews",
    "Premium",
    "Support",
    "Payments",
    "Public Page",
    "Profile",
  ]);
});

test("guards: a visitor is sent home, a regular user is refused admin and publisher tabs", async ({
  page,
}) => {
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status")).toContainText("Authentication Required");

  await signedInAs(page, "user", "Yaa Asantewaa");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(
    page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link"),
  ).toHaveText(["Overview", "My Favorites", "Messages", "Bookings", "Payments", "Profile"]);
  const tabs = [
    ["moderation", "Listings pending approval"],
    ["analytics", "Performance of your listings"],
    ["premium-plans", "Premium plans"],
    ["user-management", "Users"],
  ] as const;
  for (const [tab, heading] of tabs) {
    // What the server answers for the restricted URL itself, with this person's cookies: a
    // redirect to the overview, and nothing of the tab.
    const refused = await page.request.get(`/dashboard/${tab}`, { maxRedirects: 0 });
    expect(refused.status(), tab).toBe(302);
    expect(refused.headers()["location"]).toBe("/dashboard/overview");
    expect(refused.headers()["set-cookie"]).toContain("toast=");
    expect(await refused.text()).toBe("");
    await page.context().clearCookies({ name: "toast" });

    await page.goto(`/dashboard/${tab}`);
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole("status")).toContainText("Access Denied");
    await expect(page.getByRole("heading", { name: heading, exact: true })).toHaveCount(0);
  }
  await page.goto("/dashboard/no-such-tab");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test("add-listing: a visitor is sent home, a regular user back to the dashboard", async ({
  page,
}) => {
  const visitor = await page.request.get("/add-listing", { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers()["location"]).toBe("/");
  expect(await visitor.text()).toBe("");
  await page.context().clearCookies({ name: "toast" });
  await page.goto("/add-listing");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status")).toContainText("Authentication Required");
  await expect(page.getByRole("heading", { name: "Add a New Listing" })).toHaveCount(0);

  await signedInAs(page, "user", "Adjoa Badu");
  const regular = await page.request.get("/add-listing", { maxRedirects: 0 });
  expect(regular.status()).toBe(302);
  expect(regular.headers()["location"]).toBe("/dashboard/overview");
  expect(await regular.text()).toBe("");
  await page.context().clearCookies({ name: "toast" });
  await page.goto("/add-listing");
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole("status")).toContainText("Access Denied");
  await expect(page.getByRole("heading", { name: "Add a New Listing" })).toHaveCount(0);
  await expect(page.getByLabel("Listing Title")).toHaveCount(0);
});

test("an agent's tab bar and header", async ({ page }) => {
  await signedInAs(page, "agent", "Kwame Mensah");
  await page.goto("/dashboard/overview");
  await expect(
    page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link"),
  ).toHaveText([
    "Overview",
    "My Listings",
    "Inquiries",
    "Bookings",
    "Analytics",
    "Reviews",
    "Team",
    "Premium",
    "Support",
    "Payments",
    "Public Page",
    "Profile",
  ]);
  await expect(
    page.getByText("Manage your properties, clients, and boost your business."),
  ).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("link", { name: /Kwame Mensah\s*Agent/ }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the dashboard's tab bar collapses into a Menu", async ({ page }) => {
    await signedInAs(page, "user", "Akosua Frimpong");
    await page.goto("/dashboard/overview");
    const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(tabs).toBeHidden();
    await page.getByRole("button", { name: /^Menu/ }).click();
    await tabs.getByRole("link", { name: "Bookings" }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings$/);
    await expect(page.getByText("No bookings or inquiries yet")).toBeVisible();
  });
});
